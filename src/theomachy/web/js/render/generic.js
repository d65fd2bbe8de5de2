// The generic renderer: any game's view as a tree, and its legal actions as buttons grouped by
// their first word. Used for games without a dedicated renderer (and with ?renderer=generic).

import { h } from "../dom.js";

const SKIP = new Set(["log", "legal_actions", "game"]);

function scalar(value) {
  if (value === null) return h("span.tree-null", null, "null");
  if (typeof value === "boolean") return h("span.tree-bool", null, String(value));
  if (typeof value === "number") return h("span.tree-num", null, String(value));
  return h("span.tree-str", null, String(value));
}

function isScalar(value) {
  return value === null || typeof value !== "object";
}

function tree(value, key, depth) {
  if (isScalar(value)) {
    return h("div.tree-row", null, key !== null ? h("span.tree-key", null, key) : null, scalar(value));
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  if (Array.isArray(value) && value.every(isScalar)) {
    return h(
      "div.tree-row",
      null,
      key !== null ? h("span.tree-key", null, key) : null,
      value.length
        ? h("span.tree-list", null, value.map((v) => h("span.tree-item", null, scalar(v))))
        : h("span.tree-null", null, "[ ]"),
    );
  }
  const summary = Array.isArray(value) ? `[${value.length}]` : `{${entries.length}}`;
  const preview = Array.isArray(value)
    ? ""
    : entries
        .filter(([, v]) => isScalar(v) && v !== null)
        .slice(0, 4)
        .map(([k, v]) => `${k}: ${v}`)
        .join(", ");
  return h(
    "details.tree-node",
    { open: depth < 1 },
    h(
      "summary",
      null,
      key !== null ? h("span.tree-key", null, key) : null,
      h("span.tree-meta", null, summary),
      preview ? h("span.tree-preview", null, preview) : null,
    ),
    h(
      "div.tree-children",
      null,
      entries.map(([k, v]) => tree(v, k, depth + 1)),
    ),
  );
}

export function viewTree(view) {
  const rows = Object.entries(view || {})
    .filter(([key]) => !SKIP.has(key))
    .map(([key, value]) => tree(value, key, 0));
  return h("div.tree", { data: { role: "view-tree" } }, rows);
}

export function actionGroups(moves) {
  const groups = new Map();
  for (const action of moves.legal) {
    const verb = action.split(" ")[0];
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push(action);
  }
  return h(
    "div.generic-actions",
    null,
    [...groups.entries()].map(([verb, actions]) =>
      h(
        "div.action-group",
        null,
        h("span.action-verb", null, verb),
        actions.map((action) => moves.button(action, action)),
      ),
    ),
  );
}

export default {
  id: "generic",

  seatName(_payload, seat) {
    return `Seat ${seat}`;
  },

  instruction(payload) {
    const view = payload.view || {};
    if ((view.legal_actions || []).length) return "Your move: choose one of the actions below.";
    return null;
  },

  render(ctx) {
    const { view, moves } = ctx;
    return h(
      "div.generic",
      { data: { renderer: "generic" } },
      moves.enabled && moves.legal.length
        ? h("section.panel", null, h("h3", null, "Your move"), actionGroups(moves))
        : null,
      h("section.panel", null, h("h3", null, "Position"), viewTree(view)),
    );
  },
};
