// Mythotopia: the map as SVG (provinces coloured by owner, neutral grey with their strength;
// sea areas with their ships; land borders, hills and mountains drawn differently; towns,
// cities, citadels, castles, roads, armies, dragons and runestones), the players (score, VP
// counters, stock and pool, hand counts; the viewer's own hand), every Reserve and discard
// pile, the VP cards with their counters, the display, the wars and the action being paid for.
//
// The map has no coordinates of its own: the schematic layout comes from the game's catalog
// (catalog["map"], built from content/layout.toml by theomachy.games.mythotopia.layout). Without
// it the provinces are drawn as a plain list, still clickable.
//
// Clicks and the actions they play:
//   a province or sea on the map   the legal actions that name it as a place (invade, place
//                                  armies, end a war, build, move, citadel, ...): played at
//                                  once when there is one, else listed under "Selected"
//   a card (hand, Reserve, display, Philosopher's draw)
//                                  the legal actions that name the card (pay, draft, reserve,
//                                  discard, play, invade with it, ...), likewise
//   "Your moves"                   every legal action, grouped by verb, as a button
// so every legal action stays reachable. On the viewer's turn a province, sea or card that
// offers nothing says why when clicked (moves.refuse, the game's refusal in words): the
// move it would be (invade it, place armies there, end its war, place ships, play, pay,
// draft the card, ...).
//
// The latest moves (ctx.recent, as the viewer saw them) are marked .last-move: the provinces
// and seas they named (invaded, reinforced, built in, moved through, the war ended), the road
// built, the cards put into a Reserve and the VP cards whose counters were taken.

import { h, svg } from "../dom.js";
import CATALOG from "/catalog/mythotopia.js";
import { help, titleCase } from "./help.js";

const MAP = CATALOG && CATALOG.map && CATALOG.map.provinces ? CATALOG.map : null;
const COLOURS = ["#d9423a", "#2f7de1", "#2fa36b", "#e0b21b"];
const COLOUR_NAMES = ["red", "blue", "green", "yellow"];
const NEUTRAL = "#7b808b";
const SYMBOLS = ["army", "ship", "food", "stone", "gold"];
const PHASE_WORD = {
  deal: "Set-up: dealing Province cards",
  display: "Set-up: laying out the display",
  vpcard: "Set-up: drawing VP cards",
  dragon: "Set-up: placing dragons",
  runestone: "Set-up: placing runestones",
  reject: "Set-up: setting Province cards aside",
  citadel: "Set-up: choosing citadels",
  first: "Set-up: choosing the first player",
  hands: "Set-up: drawing hands",
  play: "Play",
  over: "The game is over",
};
const PENDING_WORD = {
  invade: "invading",
  "place-armies": "placing armies in",
  "place-ships": "placing ships in",
  buy: "buying",
  draft: "drafting",
  build: "building",
  reserve: "putting cards into the Reserve",
  discard: "discarding",
  remove: "removing cards",
  gilded: "Gilded City: pay 1 gold for a counter?",
  inn: "Roadside Inns: pay 1 gold for a counter?",
  mystic: "Mystic: taking back",
  counsellor: "Counsellor: discarding",
  mercenary: "hiring mercenaries in",
  keep: "Philosopher: keeping one card",
  diplomat: "Diplomat: stopping the war in",
  patronage: "Patronage",
  move: "road move",
};
// Verbs whose province or card argument is a card, not a place on the map.
const CARD_VERBS = new Set(["pay", "discard", "remove", "reserve", "warehouse", "draft", "keep"]);

// --- names --------------------------------------------------------------------------------------

function colourName(seat) {
  return COLOUR_NAMES[seat] || `seat ${seat}`;
}

function seatNameOf(seat) {
  return `Seat ${seat} (${colourName(seat)})`;
}

function colourOf(seat) {
  if (seat === null || seat === undefined || seat < 0) return NEUTRAL;
  return COLOURS[seat % COLOURS.length];
}

function card(id) {
  return (CATALOG && CATALOG[id]) || null;
}

function placeName(id) {
  if (MAP && MAP.provinces[id]) return MAP.provinces[id].name;
  if (MAP && MAP.seas[id]) return MAP.seas[id].name;
  const found = card(id);
  return found ? found.name : id;
}

function cardName(id) {
  const found = card(id);
  return found ? found.name : placeName(id);
}

function nameOf(token) {
  if (MAP && (MAP.provinces[token] || MAP.seas[token])) return placeName(token);
  const found = card(token);
  return found && found.kind !== "vp" ? found.name : token;
}

function symbolsOf(id) {
  const found = card(id);
  if (!found) return [];
  const parts = SYMBOLS.filter((s) => found.symbols && found.symbols[s]).map((s) => [s, found.symbols[s]]);
  if (found.crossing) parts.push(["cross", 1]);
  return parts;
}

function vpValue(id, slot) {
  const found = card(`vp-${id}`);
  if (!found || found.fixed || !found.counters || !found.counters.length) return 2;
  if (id === "lord-of-the-isles") return slot === "large" ? found.counters[0] : found.counters[found.counters.length - 1];
  return found.counters[0];
}

// --- actions in words -----------------------------------------------------------------------------

function describePay(args) {
  const reserve = args[0] === "reserve";
  const rest = reserve ? args.slice(1) : args;
  if (!rest.length) return "pay";
  const [id, use, ...modifiers] = rest;
  let text = `pay ${cardName(id)}${reserve ? " from the Reserve" : ""}`;
  if (use) text += use === "cross" ? " to cross a sea" : ` for ${use}`;
  if (modifiers.length) text += ` with ${modifiers.map(cardName).join(" and ")}`;
  return text;
}

/** An action of the notation (RULES.md) in words. */
export function describeAction(action) {
  const [verb, ...args] = String(action).split(" ");
  const first = args.length ? nameOf(args[0]) : "";
  switch (verb) {
    case "invade": {
      const origin = args.slice(2).filter((a) => a !== "sea");
      let text = `invade ${first} with the ${cardName(args[1])} card`;
      if (origin.length) text += ` from ${nameOf(origin[0])}`;
      return text + (args.includes("sea") ? " by sea" : "");
    }
    case "pay":
      return describePay(args);
    case "move":
      return `move ${args[2]} armies from ${first} to ${nameOf(args[1])} by road`;
    case "remove-armies":
      return `take ${args[1]} armies${args[2] && args[2] !== "0" ? ` and ${args[2]} mercenaries` : ""} off ${first}`;
    case "remove-ships":
      return `take ${args[1]} ships off ${first}`;
    case "buy": {
      const counts = [
        [Number(args[0]), "army", "armies"],
        [Number(args[1]), "ship", "ships"],
      ].filter(([n]) => n > 0);
      return `buy ${counts.map(([n, one, many]) => `${n} ${n === 1 ? one : many}`).join(" and ")}`;
    }
    case "discard":
    case "remove":
    case "reserve": {
      const cards = args.filter((a) => a !== "reserve").map(cardName).join(", ");
      const where = args.includes("reserve") ? " from the Reserve" : "";
      if (verb === "discard") return `discard ${cards}${where}`;
      if (verb === "remove") return `remove ${cards}${where} from the deck`;
      return `put ${cards} into the Reserve`;
    }
    case "play":
      return `play ${cardName(args[0])}${args.length > 1 ? ": " + args.slice(1).map(nameOf).join(" ") : ""}`;
    case "place-armies":
      return `place armies in ${first}`;
    case "place-ships":
      return `place ships in ${first}`;
    case "end-war":
      return `end the war in ${first}${args.includes("hero") ? " with Hero" : ""}`;
    case "draft":
      return `draft ${first}`;
    case "keep":
      return `keep ${first}`;
    case "warehouse":
      return `put ${first} into the Reserve (Warehouse)`;
    case "claim":
      return `claim a counter (${args.join(" ")})`;
    case "patronage":
      return "take a Patronage counter (2 gold)";
    case "pass":
      return "pass";
    case "end-game":
      return "end the game";
    case "end-turn":
      return "end the turn";
    case "reject":
      return `set ${first} aside`;
    case "citadel":
      return `put your Citadel in ${first}`;
    default:
      return [verb, ...args.map(nameOf)].join(" ");
  }
}

// --- what a click offers ----------------------------------------------------------------------------

function legalOf(ctx) {
  return ctx.moves.enabled ? ctx.moves.legal : [];
}

/** The places (province or sea ids) an action names on the map, as opposed to its cards. */
export function placesOf(action) {
  const [verb, ...args] = String(action).split(" ");
  if (CARD_VERBS.has(verb) || verb === "claim" || verb === "buy") return [];
  if (verb === "invade") {
    const places = [args[0]];
    if (isProvince(args[1])) places.push(args[1]); // the card's own province is the origin
    if (args[2] && args[2] !== "sea") places.push(args[2]);
    return places;
  }
  if (verb === "play") {
    if (args[1] === "city" || args[1] === "castle") return [args[2]];
    if (args[1] === "road") return [args[2], args[3]];
    if (["diplomat", "marauders", "mercenary"].includes(args[0])) return [args[1]];
    return [];
  }
  if (verb === "move") return [args[0], args[1]];
  return args.length ? [args[0]] : [];
}

/** The cards an action names (played, paid, drafted, discarded, ...). */
export function cardsOf(action) {
  const [verb, ...args] = String(action).split(" ");
  if (CARD_VERBS.has(verb)) return args.filter((a) => a !== "reserve");
  if (verb === "invade" || verb === "end-war") return args[1] ? [args[1]] : [];
  if (verb === "play") {
    const named = [args[0]];
    if (args[0] === "mystic" && args[1]) named.push(args[1]);
    const explicit = ((args[1] === "city" || args[1] === "castle") && args.length === 4) || (args[1] === "road" && args.length === 5);
    if (explicit) named.push(args[args.length - 1]);
    return named;
  }
  return [];
}

function isProvince(id) {
  if (!id) return false;
  if (MAP) return Boolean(MAP.provinces[id]);
  const found = card(id);
  return Boolean(found && found.kind === "province");
}

/** Legal actions naming a place on the map (not as a card being paid, drafted, ...). */
function placeActions(ctx, id) {
  return legalOf(ctx).filter((action) => placesOf(action).includes(id));
}

/** Legal actions naming a card. */
function cardActions(ctx, id) {
  return legalOf(ctx).filter((action) => cardsOf(action).includes(id));
}

const CLICK = new WeakMap(); // element -> what a click on it does, in words (for its help)

/**
 * Make ``el`` offer ``actions``: one is played by a click; several select the element and
 * list them under "Selected". ``key`` names the selection (kind:id).
 */
function offer(ctx, el, key, actions, label, refused = null) {
  if (!actions.length) {
    // On the viewer's turn a click on what offers nothing says why (the game's words).
    if (refused && legalOf(ctx).length) ctx.moves.refuse(el, refused);
    return el;
  }
  el.classList.add("mt-target");
  if (actions.length === 1) {
    ctx.moves.bind(el, actions[0], { label: `${label}: ${describeAction(actions[0])}` });
    CLICK.set(el, `Click: ${describeAction(actions[0])}.`);
    return el;
  }
  CLICK.set(el, `Click: choose among ${actions.length} moves (${[...new Set(actions.map((a) => a.split(" ")[0]))].join(", ")}).`);
  ctx.moves.cover(actions);
  el.classList.add("actionable", "mt-selectable");
  el.dataset.select = key;
  el.tabIndex = 0;
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", `${label}: ${actions.length} moves`);
  if (ctx.ui.selected === key) el.classList.add("mt-selected");
  const pick = (event) => {
    event.preventDefault();
    event.stopPropagation();
    ctx.ui.selected = ctx.ui.selected === key ? null : key;
    ctx.rerender();
  };
  el.addEventListener("click", pick);
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") pick(event);
  });
  return el;
}

function selectionActions(ctx, key) {
  if (!key) return [];
  const [kind, id] = key.split(":");
  return kind === "card" ? cardActions(ctx, id) : placeActions(ctx, id);
}

// --- what a click that offers nothing would be (for its refusal) ------------------------------------

/** The move a click on a province would be when it offers none: set aside or Citadel at set-up;
 * in play, end its war (one you are in), place armies (yours), else invade it. */
function refusedForProvince(ctx, p) {
  const { view } = ctx;
  if (view.phase === "reject") return `reject ${p.id}`;
  if (view.phase === "citadel") return `citadel ${p.id}`;
  if (view.phase !== "play") return null;
  const me = ctx.seat;
  const involved = p.at_war && (p.owner === me || (p.armies || [])[me] || (p.mercenaries || [])[me]);
  if (involved) return `end-war ${p.id}`;
  if (p.owner === me) return `place-armies ${p.id}`;
  return `invade ${p.id}`;
}

/** The move a click on a card would be when it offers none: pay with it while paying, choose
 * it while choosing cards, draft it from the display, else play it. */
function refusedForCard(ctx, id, where) {
  const { view } = ctx;
  if (view.phase !== "play") return null;
  if (where === "display") return `draft ${id}`;
  if (where !== "hand" && where !== "reserve") return null;
  const pending = view.pending;
  const reserve = where === "reserve" ? "reserve " : "";
  if (pending && pending.seat === ctx.seat) {
    if (pending.kind === "reserve") return `reserve ${reserve}${id}`;
    if (["discard", "counsellor"].includes(pending.kind)) return `discard ${reserve}${id}`;
    if (pending.kind === "remove") return `remove ${reserve}${id}`;
    if (pending.kind === "keep" || pending.kind === "move") return null;
    return `pay ${reserve}${id}`;
  }
  return `play ${id}`;
}

// --- the latest moves --------------------------------------------------------------------------------

const MARKS = new WeakMap(); // ctx -> what ctx.recent touched (computed once a drawing)

/**
 * What the latest moves (ctx.recent, oldest first, as the viewer saw them) touched:
 * ``places`` (provinces and seas named as places: invaded, reinforced, built in, moved
 * through, the war ended there), ``roads`` ("a-b" as view.roads has them), ``reserve``
 * (seat -> the cards it put into its Reserve) and ``vps`` (VP cards whose counter was taken).
 */
export function recentMarks(ctx) {
  const found = MARKS.get(ctx);
  if (found) return found;
  const marks = { places: new Set(), roads: new Set(), reserve: new Map(), vps: new Set() };
  const roads = new Set((ctx.view.roads || []).map(([a, b]) => `${a}-${b}`));
  for (const entry of ctx.recent || []) {
    if (entry.seat === null || entry.seat === undefined) continue; // chance: draws, deals
    const action = String(entry.action);
    const [verb, ...args] = action.split(" ");
    if (args[0] === "?") continue; // a secret choice, as the viewer saw it
    for (const place of placesOf(action)) marks.places.add(place);
    if (verb === "play" && args[1] === "road") {
      const [a, b] = [args[2], args[3]];
      marks.roads.add(roads.has(`${a}-${b}`) ? `${a}-${b}` : `${b}-${a}`);
    }
    if (verb === "reserve" || verb === "warehouse") {
      if (!marks.reserve.has(entry.seat)) marks.reserve.set(entry.seat, new Set());
      marks.reserve.get(entry.seat).add(args[args.length - 1]);
    }
    if (verb === "claim" && args[0] !== "stock") marks.vps.add(args[0]);
    if (verb === "patronage") marks.vps.add("patronage");
  }
  MARKS.set(ctx, marks);
  return marks;
}

// --- cards ------------------------------------------------------------------------------------------

const KIND_WORD = { province: "Province card", improvement: "Improvement card", starting: "Starting card", vp: "VP card" };
const WHERE_WORD = {
  hand: "in your hand",
  reserve: "in the Reserve",
  display: "in the display (draft it with the Draft action)",
  discard: "in the discard pile",
  drawn: "just drawn",
  supply: "in the Province supply",
  removed: "removed from the game",
};

/** A card's full text for the help (help.js): name, kind and heading, symbols, text. */
function cardSpec(id, where, el) {
  const found = card(id) || {};
  const heading = found.heading && found.heading !== "none" ? found.heading : null;
  const facts = MAP && MAP.provinces[id];
  return {
    title: found.name || placeName(id),
    kind: [KIND_WORD[found.kind] || titleCase(found.kind), heading ? titleCase(heading) : null].filter(Boolean).join(" · "),
    stats: [
      ...symbolsOf(id).filter(([s]) => s !== "cross").map(([sym, n]) => [n, `${sym} symbol${n > 1 ? "s" : ""}`]),
      found.kind === "province" && (facts || found.neutral_strength !== undefined)
        ? [(facts || found).neutral_strength, "neutral strength"]
        : null,
    ],
    text: found.text || null,
    notes: [
      found.crossing ? "Its sea symbol lets an invasion cross a sea." : null,
      facts && facts.rugged ? "Rugged terrain: +1 to its defender (not a neutral one)." : found.rugged ? "Rugged terrain." : null,
      facts && facts.island ? `On the ${facts.island} island.` : null,
      where && WHERE_WORD[where] ? `Now ${WHERE_WORD[where]}.` : null,
      el ? CLICK.get(el) : null,
    ],
  };
}

function cardChip(ctx, id, options = {}) {
  const { where = "", actions = true, extra = null } = options;
  const found = card(id) || {};
  const kind = found.kind || "unknown";
  const heading = found.heading && found.heading !== "none" ? found.heading : null;
  const el = h(
    "div.mt-card",
    { class: [`kind-${kind}`, heading ? `heading-${heading}` : null], data: { card: id, where: where || null } },
    h("span.mt-card-name", null, found.name || placeName(id)),
    h(
      "span.mt-card-symbols",
      null,
      symbolsOf(id).map(([s, n]) => h("span.mt-sym", { class: `sym-${s}` }, n > 1 ? `${n} ${s}` : s)),
      kind === "province" ? h("span.mt-card-kind", null, "province") : null,
      heading ? h("span.mt-card-kind", null, heading) : null,
    ),
    extra,
  );
  if (actions) offer(ctx, el, `card:${id}`, cardActions(ctx, id), found.name || id, refusedForCard(ctx, id, where));
  if (options.marked && options.marked.has(id)) el.classList.add("last-move");
  return help(el, () => cardSpec(id, where, el), { button: true, label: found.name || placeName(id) });
}

function cardRow(ctx, ids, options = {}) {
  if (!ids || !ids.length) return h("span.muted", null, options.empty || "none");
  return h("div.mt-cards", null, ids.map((id) => cardChip(ctx, id, options)));
}

// --- the map --------------------------------------------------------------------------------------

function housePath(kind) {
  if (kind === "city") return "M-13 7 V-3 L-7 -10 L-1 -3 V-6 L6 -12 L13 -6 V7 Z";
  if (kind === "citadel") return "M0 -13 L3.5 -4.5 L12.5 -4 L5.5 2 L8 11 L0 6 L-8 11 L-5.5 2 L-12.5 -4 L-3.5 -4.5 Z";
  return "M-9 6 V-3 L0 -11 L9 -3 V6 Z";
}

const MOUNTAIN_MARK = "M-16 7 L-7 -9 L2 7 Z M-2 7 L7 -5 L16 7 Z";
const HILL_MARK = "M-13 5 Q-6.5 -8 0 5 Q6.5 -8 13 5";
const CASTLE_PATH = "M-7 7 V-5 H-4.5 V-2 H-1.5 V-5 H1.5 V-2 H4.5 V-5 H7 V7 Z";

function chip(x, y, text, fill, { cls = "mt-chip", title = null } = {}) {
  const width = 8 + 7 * String(text).length;
  return svg(
    "g",
    { class: cls, transform: `translate(${x},${y})` },
    title ? svg("title", null, title) : null,
    svg("rect", { x: -width / 2, y: -8, width, height: 16, rx: 5, fill, stroke: "#0b0f1a", "stroke-width": 1.2 }),
    svg("text", { x: 0, y: 4.5, "text-anchor": "middle", class: "mt-chip-text" }, String(text)),
  );
}

function chipRow(y, entries, { cls } = {}) {
  // entries: [{text, fill, title}]
  const widths = entries.map((e) => 8 + 7 * String(e.text).length);
  const total = widths.reduce((a, b) => a + b, 0) + 3 * Math.max(0, entries.length - 1);
  let x = -total / 2;
  return entries.map((e, i) => {
    const node = chip(x + widths[i] / 2, y, e.text, e.fill, { cls, title: e.title });
    x += widths[i] + 3;
    return node;
  });
}

function provinceTitle(p, facts) {
  const parts = [p.name];
  parts.push(p.owner === null ? "neutral" : `${colourName(p.owner)}'s ${p.piece || "province"}`);
  if (facts) {
    parts.push(`${facts.symbol} card, neutral strength ${facts.neutral_strength}${facts.rugged ? ", rugged" : ""}`);
    if (facts.island) parts.push(`${facts.island} island`);
  }
  if (p.castle) parts.push("castle");
  if (p.dragon) parts.push("dragon");
  if (p.runestone) parts.push("runestone");
  const armies = (p.armies || []).map((n, s) => (n || (p.mercenaries || [])[s] ? `${colourName(s)} ${n}${(p.mercenaries || [])[s] ? ` + ${p.mercenaries[s]} mercenaries` : ""}` : null)).filter(Boolean);
  if (armies.length) parts.push(`armies: ${armies.join(", ")}`);
  if (p.at_war) parts.push(`at war: ${strengthWords(p.strengths)}`);
  return parts.join(" · ");
}

function strengthWords(strengths) {
  return Object.entries(strengths || {})
    .sort((a, b) => b[1] - a[1] || Number(a[0]) - Number(b[0]))
    .map(([side, n]) => `${Number(side) < 0 ? "neutral" : colourName(Number(side))} ${n}`)
    .join(" vs ");
}

function seaBlob(sea, facts, where) {
  const centre = [facts.x, facts.y];
  const points = facts.coasts
    .filter((c) => where[c])
    .map((c) => [centre[0] + 0.55 * (where[c][0] - centre[0]), centre[1] + 0.55 * (where[c][1] - centre[1])]);
  points.sort((a, b) => Math.atan2(a[1] - centre[1], a[0] - centre[0]) - Math.atan2(b[1] - centre[1], b[0] - centre[0]));
  const d = points.length >= 3 ? `M${points.map((p) => p.map((v) => v.toFixed(1)).join(" ")).join(" L")} Z` : null;
  return svg(
    "g",
    { class: "mt-sea-area", "data-sea-area": sea },
    d ? svg("path", { d, class: "mt-sea-blob" }) : null,
    svg("ellipse", { cx: centre[0], cy: centre[1], rx: 70, ry: 48, class: "mt-sea-blob" }),
  );
}

function mapSvg(ctx) {
  const { view } = ctx;
  const where = {};
  for (const [id, p] of Object.entries(MAP.provinces)) where[id] = [p.x, p.y];
  for (const [id, s] of Object.entries(MAP.seas)) where[id] = [s.x, s.y];
  const provinces = new Map((view.provinces || []).map((p) => [p.id, p]));
  const seaLayer = [];
  const coastLayer = [];
  for (const [id, facts] of Object.entries(MAP.seas)) {
    seaLayer.push(seaBlob(id, facts, where));
    for (const coast of facts.coasts) {
      if (!where[coast]) continue;
      coastLayer.push(svg("line", { x1: facts.x, y1: facts.y, x2: where[coast][0], y2: where[coast][1], class: "mt-coast", "data-coast": `${id}-${coast}` }));
    }
  }
  const borderLayer = [];
  const markLayer = [];
  for (const [id, facts] of Object.entries(MAP.provinces)) {
    for (const [other, kind] of Object.entries(facts.borders)) {
      if (other < id || !where[other]) continue;
      const [x1, y1] = where[id];
      const [x2, y2] = where[other];
      borderLayer.push(
        svg("line", { x1, y1, x2, y2, class: `mt-border mt-border-${kind}`, "data-border": `${id}-${other}`, "data-kind": kind }, svg("title", null, `${placeName(id)} – ${placeName(other)}: ${kind === "plain" ? "open border" : kind}`)),
      );
      if (kind !== "plain") {
        const at = `translate(${((x1 + x2) / 2).toFixed(1)},${((y1 + y2) / 2).toFixed(1)})`;
        markLayer.push(
          kind === "mountains"
            ? svg("path", { class: "mt-mountain-mark", transform: at, d: MOUNTAIN_MARK, "data-mark": "mountains" })
            : svg("path", { class: "mt-hill-mark", transform: at, d: HILL_MARK, "data-mark": "hills" }),
        );
      }
    }
  }
  const roadLayer = (view.roads || [])
    .filter(([a, b]) => where[a] && where[b])
    .map(([a, b]) =>
      svg(
        "g",
        { class: ["mt-road", recentMarks(ctx).roads.has(`${a}-${b}`) ? "last-move" : null].filter(Boolean).join(" "), "data-road": `${a}-${b}` },
        svg("title", null, `Road: ${placeName(a)} – ${placeName(b)}`),
        svg("line", { x1: where[a][0], y1: where[a][1], x2: where[b][0], y2: where[b][1], class: "mt-road-bed" }),
        svg("line", { x1: where[a][0], y1: where[a][1], x2: where[b][0], y2: where[b][1], class: "mt-road-line" }),
      ),
    );
  const provinceLayer = [];
  for (const [id, facts] of Object.entries(MAP.provinces)) {
    const p = provinces.get(id) || { id, name: facts.name, owner: null, piece: null, armies: [], mercenaries: [], strengths: {} };
    provinceLayer.push(provinceNode(ctx, p, facts));
  }
  const seaLabels = (view.seas || []).filter((s) => MAP.seas[s.id]).map((s) => seaNode(ctx, s, MAP.seas[s.id]));
  return svg(
    "svg",
    {
      class: "mt-map",
      viewBox: `0 0 ${MAP.width} ${MAP.height}`,
      role: "group",
      "aria-label": "The map of Mythotopia",
      "data-role": "map",
    },
    svg("rect", { x: 0, y: 0, width: MAP.width, height: MAP.height, class: "mt-map-bg", rx: 18 }),
    svg("g", { class: "mt-layer-seas" }, seaLayer),
    svg("g", { class: "mt-layer-coasts" }, coastLayer),
    svg("g", { class: "mt-layer-borders" }, borderLayer, markLayer),
    svg("g", { class: "mt-layer-roads" }, roadLayer),
    svg("g", { class: "mt-layer-provinces" }, provinceLayer),
    svg("g", { class: "mt-layer-sea-labels" }, seaLabels),
  );
}

function provinceNode(ctx, p, facts) {
  const owner = p.owner === null || p.owner === undefined ? null : p.owner;
  const fill = owner === null ? NEUTRAL : colourOf(owner);
  const parts = [];
  parts.push(svg("title", null, provinceTitle(p, facts)));
  if (p.at_war) parts.push(svg("circle", { r: 39, class: "mt-war-ring" }));
  if (facts && facts.rugged) parts.push(svg("circle", { r: 34, class: "mt-rugged-ring" }));
  parts.push(svg("circle", { r: 29, class: "mt-province-disc", fill }));
  if (facts && facts.island) parts.push(svg("circle", { r: 25, class: "mt-island-ring" }));
  if (p.piece) parts.push(svg("path", { d: housePath(p.piece), class: `mt-piece mt-piece-${p.piece}`, "data-piece": p.piece, transform: "translate(0,-2)" }));
  if (facts) {
    parts.push(
      svg(
        "g",
        { class: "mt-strength", transform: "translate(-25,-19)", opacity: owner === null ? 1 : 0.5 },
        svg("circle", { r: 10 }),
        svg("text", { y: 4.5, "text-anchor": "middle" }, String(facts.neutral_strength)),
      ),
    );
    parts.push(svg("text", { class: "mt-symbol", x: 0, y: 21, "text-anchor": "middle" }, facts.symbol));
  }
  if (p.castle) parts.push(svg("path", { d: CASTLE_PATH, class: "mt-castle", "data-castle": "1", transform: "translate(25,-19)" }));
  if (p.dragon) {
    parts.push(
      svg(
        "g",
        { class: "mt-dragon", "data-dragon": "1", transform: "translate(-25,19)" },
        svg("path", { d: "M-9 6 L-3 -2 L-8 -8 L1 -4 L5 -10 L6 -2 L11 0 L4 3 L3 9 Z" }),
      ),
    );
  }
  if (p.runestone) {
    parts.push(
      svg(
        "g",
        { class: "mt-runestone", "data-runestone": "1", transform: "translate(25,19)" },
        svg("path", { d: "M0 -10 L7 -2 L4 9 L-4 9 L-7 -2 Z" }),
        svg("path", { d: "M-1.5 -4 V5 M-1.5 -4 L2.5 0 L-1.5 1", class: "mt-rune" }),
      ),
    );
  }
  parts.push(svg("text", { class: "mt-province-name", y: 46, "text-anchor": "middle" }, p.name || facts.name));
  const army = [];
  (p.armies || []).forEach((n, seat) => {
    const mercs = (p.mercenaries || [])[seat] || 0;
    if (n || mercs) army.push({ text: mercs ? `${n}+${mercs}m` : String(n), fill: colourOf(seat), title: `${colourName(seat)}: ${n} armies${mercs ? `, ${mercs} mercenaries` : ""}` });
  });
  if (army.length) parts.push(svg("g", { class: "mt-armies", "data-armies": army.map((a) => a.text).join(",") }, chipRow(-45, army.map((a) => ({ ...a, title: null })))));
  const [x, y] = [facts.x, facts.y];
  const node = svg(
    "g",
    {
      class: `mt-province${p.at_war ? " at-war" : ""}${owner === null ? " neutral" : ""}`,
      transform: `translate(${x},${y})`,
      "data-province": p.id,
      "data-owner": owner === null ? "neutral" : String(owner),
    },
    parts,
  );
  if (recentMarks(ctx).places.has(p.id)) {
    node.classList.add("last-move");
    node.insertBefore(svg("circle", { r: 44, class: "mt-last-ring" }), node.firstChild.nextSibling);
  }
  offer(ctx, node, `place:${p.id}`, placeActions(ctx, p.id), p.name, refusedForProvince(ctx, p));
  return help(node, () => provinceSpec(p, facts, node), { delay: 600 });
}

/** A province on the map, for the help: its card, its pieces, its armies, its war. */
function provinceSpec(p, facts, el) {
  const owner = p.owner === null || p.owner === undefined ? null : p.owner;
  const found = card(p.id) || {};
  const armies = (p.armies || [])
    .map((n, s) => (n || (p.mercenaries || [])[s] ? `${colourName(s)} ${n}${(p.mercenaries || [])[s] ? ` + ${p.mercenaries[s]} mercenaries` : ""}` : null))
    .filter(Boolean);
  const borders = Object.entries((facts && facts.borders) || {}).map(([other, kind]) => `${placeName(other)}${kind === "plain" ? "" : ` (${kind})`}`);
  const seas = (facts && facts.seas) || [];
  return {
    title: p.name || (facts && facts.name) || p.id,
    kind: owner === null ? "Neutral province" : `${titleCase(colourName(owner))}'s ${p.piece || "province"}`,
    stats: [
      facts ? [facts.neutral_strength, "neutral strength", "its strength while neutral (+4 with a Dragon)"] : null,
      facts ? [facts.symbol, "card symbol"] : null,
    ],
    text: found.text || null,
    notes: [
      facts && facts.rugged ? "Rugged terrain: +1 to its defender (not a neutral one)." : null,
      facts && facts.island ? `On the ${facts.island} island.` : null,
      p.castle ? "A castle: +2 to its defender." : null,
      p.piece === "citadel" ? "A citadel: +2 to its defender." : null,
      p.dragon ? "A Dragon: +4 to the neutral strength; 2 VP (Here be Dragons) to whoever takes the province." : null,
      p.runestone ? "A Runestone: 2 VP (Runestones) to whoever takes the province." : null,
      armies.length ? `Armies: ${armies.join(", ")}.` : null,
      p.at_war ? `At war: ${strengthWords(p.strengths)}.` : null,
      borders.length ? `Borders: ${borders.join(", ")}.` : null,
      seas.length ? `Coast of: ${seas.map(placeName).join(", ")}.` : null,
      CLICK.get(el),
    ],
  };
}

function seaNode(ctx, sea, facts) {
  const ships = (sea.ships || [])
    .map((n, seat) => (n ? { text: `${n}`, fill: colourOf(seat), title: `${colourName(seat)}: ${n} ships` } : null))
    .filter(Boolean);
  const node = svg(
    "g",
    { class: "mt-sea", transform: `translate(${facts.x},${facts.y})`, "data-sea": sea.id },
    svg("title", null, `${sea.name}${ships.length ? ` · ships: ${ships.map((s) => s.title).join(", ")}` : " · no ships"}`),
    svg("ellipse", { rx: 50, ry: 30, class: "mt-sea-label-bg" }),
    svg("text", { class: "mt-sea-name", y: ships.length ? -4 : 4, "text-anchor": "middle" }, sea.name),
    ships.length ? svg("g", { class: "mt-ships", "data-ships": ships.map((s) => s.text).join(",") }, chipRow(12, ships.map((s) => ({ ...s, title: null })), { cls: "mt-chip mt-ship-chip" })) : null,
  );
  if (recentMarks(ctx).places.has(sea.id)) node.classList.add("last-move");
  offer(ctx, node, `place:${sea.id}`, placeActions(ctx, sea.id), sea.name, `place-ships ${sea.id}`);
  return help(node, () => ({
    title: sea.name,
    kind: "Sea area",
    notes: [
      ships.length ? `Ships: ${ships.map((s) => s.title).join(", ")} (each counts in every war on its coasts).` : "No ships.",
      facts.coasts && facts.coasts.length ? `Coasts: ${facts.coasts.map(placeName).join(", ")}.` : null,
      facts.touches && facts.touches.length ? `Touches: ${facts.touches.map(placeName).join(", ")}.` : null,
      CLICK.get(node),
    ],
  }), { delay: 600 });
}

function legend() {
  const item = (el, text) => h("span.mt-legend-item", null, el, text);
  const sample = (...children) => svg("svg", { viewBox: "-18 -14 36 28", class: "mt-legend-icon", "aria-hidden": "true" }, children);
  return h(
    "div.mt-legend",
    null,
    item(sample(svg("line", { x1: -14, y1: 0, x2: 14, y2: 0, class: "mt-border mt-border-plain" })), "open border"),
    item(sample(svg("line", { x1: -14, y1: 0, x2: 14, y2: 0, class: "mt-border mt-border-hills" }), svg("path", { class: "mt-hill-mark", d: HILL_MARK })), "hills"),
    item(sample(svg("line", { x1: -14, y1: 0, x2: 14, y2: 0, class: "mt-border mt-border-mountains" }), svg("path", { class: "mt-mountain-mark", d: MOUNTAIN_MARK })), "mountains"),
    item(sample(svg("line", { x1: -14, y1: 0, x2: 14, y2: 0, class: "mt-road-bed" }), svg("line", { x1: -14, y1: 0, x2: 14, y2: 0, class: "mt-road-line" })), "road"),
    item(sample(svg("path", { d: housePath("town"), class: "mt-piece" })), "town"),
    item(sample(svg("path", { d: housePath("city"), class: "mt-piece" })), "city"),
    item(sample(svg("path", { d: housePath("citadel"), class: "mt-piece" })), "citadel"),
    item(sample(svg("path", { d: CASTLE_PATH, class: "mt-castle" })), "castle"),
    item(sample(svg("g", { class: "mt-strength" }, svg("circle", { r: 10 }), svg("text", { y: 4.5, "text-anchor": "middle" }, "3"))), "neutral strength"),
    item(sample(svg("circle", { r: 12, class: "mt-rugged-ring" })), "rugged"),
    item(sample(svg("g", { class: "mt-dragon" }, svg("path", { d: "M-9 6 L-3 -2 L-8 -8 L1 -4 L5 -10 L6 -2 L11 0 L4 3 L3 9 Z" }))), "dragon"),
    item(sample(svg("g", { class: "mt-runestone" }, svg("path", { d: "M0 -10 L7 -2 L4 9 L-4 9 L-7 -2 Z" }))), "runestone"),
    item(sample(svg("circle", { r: 11, class: "mt-war-ring" })), "at war"),
  );
}

/** Without a layout in the catalog: the provinces and seas as a clickable list. */
function provinceList(ctx) {
  const { view } = ctx;
  const groups = [...(view.players || []).map((pl) => pl.seat), null];
  return h(
    "div.mt-province-list",
    null,
    h("p.muted", null, "The map layout is not in this server's catalog (catalog[\"map\"]): the provinces as a list."),
    groups.map((seat) =>
      h(
        "div.mt-province-group",
        null,
        h("b", { style: { color: colourOf(seat) } }, seat === null ? "Neutral" : seatNameOf(seat)),
        (view.provinces || [])
          .filter((p) => (p.owner === undefined ? null : p.owner) === seat)
          .map((p) => offer(ctx, h("span.mt-province-chip", { data: { province: p.id }, title: provinceTitle(p, null) }, p.name, p.at_war ? " ⚔" : ""), `place:${p.id}`, placeActions(ctx, p.id), p.name)),
      ),
    ),
    h(
      "div.mt-province-group",
      null,
      h("b", null, "Seas"),
      (view.seas || []).map((s) => offer(ctx, h("span.mt-province-chip", { data: { sea: s.id } }, s.name, ` ${s.ships.map((n, i) => (n ? `${colourName(i)} ${n}` : "")).filter(Boolean).join(" ")}`), `place:${s.id}`, placeActions(ctx, s.id), s.name)),
    ),
  );
}

// --- the panels ------------------------------------------------------------------------------------

function statusLine(ctx) {
  const { view } = ctx;
  const turn = view.turn || {};
  const playing = view.phase === "play" && !view.terminal;
  return h(
    "div.mt-status",
    null,
    view.phase === "play" || view.phase === "over" ? h("span.chip", { data: { role: "round" } }, `Round ${view.round} / ${view.max_rounds}`) : null,
    h("span.chip", null, PHASE_WORD[view.phase] || view.phase),
    playing
      ? h("span.chip.mt-turn", { style: { "--seat": colourOf(turn.seat) } }, h("span.seat-dot"), `${seatNameOf(turn.seat)} to play`)
      : null,
    playing ? h("span.chip", { data: { role: "actions" } }, `actions ${turn.actions || 0} / 2`) : null,
    playing && turn.free_taken ? h("span.chip", null, "free action taken") : null,
    playing && turn.drafted ? h("span.chip", null, "drafted") : null,
    view.first_player !== null && view.first_player !== undefined ? h("span.chip.muted", null, `first: ${colourName(view.first_player)}`) : null,
  );
}

function pendingPanel(ctx) {
  const { view } = ctx;
  const pending = view.pending;
  if (!pending) return null;
  const args = pending.args || [];
  let what = PENDING_WORD[pending.kind] || pending.kind;
  if (pending.kind === "buy" && args.length === 2) what += ` ${args[0]} armies and ${args[1]} ships`;
  else if (pending.kind === "counsellor" && args[0] === "reserve") what += " (played from the Reserve)";
  else if (pending.kind === "move") {
    const moved = [];
    for (let i = 0; i + 2 < args.length; i += 3) moved.push(`${args[i + 2]} ${nameOf(args[i])} → ${nameOf(args[i + 1])}`);
    what += `: ${moved.join(", ")}`;
  }
  else if (args.length) what += ` ${args.map(nameOf).join(" ")}`;
  const needs = Object.entries(pending.needs || {})
    .filter(([, n]) => n)
    .map(([s, n]) => h("span.mt-sym", { class: `sym-${s}` }, `${n} ${s}`));
  if (pending.open_need) needs.push(h("span.mt-sym", { class: `sym-${pending.open_need}` }, `any ${pending.open_need} (paid ${pending.open_paid || 0})`));
  const drawn = pending.drawn;
  return h(
    "section.panel.mt-pending#mt-pending",
    { style: { "--seat": colourOf(pending.seat) }, data: { kind: pending.kind } },
    h("h3", null, h("span.seat-dot"), `${seatNameOf(pending.seat)}: ${what}`),
    needs.length ? h("div.mt-row", null, h("span.mt-label", null, "Needs"), needs) : null,
    pending.played && pending.played.length ? h("div.mt-row", null, h("span.mt-label", null, "Played"), cardRow(ctx, pending.played, { actions: false })) : null,
    pending.optional ? h("div.mt-row.muted", null, "Optional: pay a card, or decline.") : null,
    Array.isArray(drawn) ? h("div.mt-row", null, h("span.mt-label", null, "Drawn"), cardRow(ctx, drawn, { where: "drawn" })) : null,
    typeof drawn === "number" ? h("div.mt-row.muted", null, `${drawn} cards drawn (hidden)`) : null,
  );
}

function selectionPanel(ctx) {
  const key = ctx.ui.selected;
  const actions = selectionActions(ctx, key);
  if (!key || !actions.length) return null;
  const [kind, id] = key.split(":");
  const title = kind === "card" ? cardName(id) : placeName(id);
  return h(
    "section.panel.mt-selection#mt-selection",
    { data: { select: key } },
    h(
      "h3",
      null,
      `${title}: ${actions.length} moves`,
      h(
        "button.small.mt-clear",
        {
          type: "button",
          onclick: () => {
            ctx.ui.selected = null;
            ctx.rerender();
          },
        },
        "close",
      ),
    ),
    h("div.mt-action-list", null, actions.map((action) => ctx.moves.button(action, describeAction(action), "mt-move"))),
  );
}

function movesPanel(ctx) {
  const legal = legalOf(ctx);
  if (!legal.length) return null;
  const groups = new Map();
  for (const action of legal) {
    const verb = action.split(" ")[0];
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push(action);
  }
  return h(
    "section.panel.mt-moves#mt-actions",
    null,
    h("h3", null, `Your moves (${legal.length})`),
    h(
      "div.mt-action-groups",
      null,
      [...groups.entries()].map(([verb, actions]) =>
        h(
          "div.action-group",
          { data: { verb } },
          h("span.action-verb", null, verb),
          actions.map((action) => {
            const button = ctx.moves.button(action, describeAction(action), "mt-move");
            if (button) button.title = action;
            return button;
          }),
        ),
      ),
    ),
  );
}

function playerPanel(ctx, player) {
  const { view } = ctx;
  const seat = player.seat;
  const mine = ctx.seat === seat;
  const turn = !view.terminal && view.current_player === seat;
  const stat = (label, value, title = null) => h("span.mt-stat", { title }, h("b", null, String(value)), ` ${label}`);
  const reserve = [...(player.reserve || []), ...(player.reserve_new || [])];
  const owned = (view.provinces || []).filter((p) => p.owner === seat).length;
  return h(
    "section.mt-player",
    { class: [turn ? "turn" : null, mine ? "me" : null], style: { "--seat": colourOf(seat) }, data: { seat } },
    h(
      "header.mt-player-head",
      null,
      h("span.seat-dot"),
      h("span.mt-player-name", null, seatNameOf(seat)),
      mine ? h("span.you-tag", null, "you") : null,
      turn ? h("span.faction-tag", null, "to play") : null,
      (view.winners || []).includes(seat) && view.terminal ? h("span.faction-tag", null, "winner") : null,
      h("span.spacer"),
      h("span.mt-score", { data: { score: player.score }, title: "Score: 3 per province + VP counters (at least 12)" }, `${player.score} VP`),
    ),
    h(
      "div.mt-stats",
      null,
      stat("provinces", owned),
      h(
        "span.mt-stat",
        { title: "VP counters held" },
        "counters ",
        (player.vp_counters || []).length ? (player.vp_counters || []).map((c) => h("span.mt-counter", null, String(c))) : h("span.muted", null, "none"),
      ),
    ),
    h(
      "div.mt-stats",
      null,
      stat("towns", player.towns, "Towns in stock"),
      stat("cities", player.cities, "Cities on the Reserve card"),
      player.citadel !== "unused" ? h("span.mt-stat", null, `citadel ${player.citadel}`) : null,
      stat(`armies (+${player.army_pool} pool)`, player.armies, "Army counters in stock (+ in the pool)"),
      stat(`ships (+${player.ship_pool} pool)`, player.ships, "Ship counters in stock (+ in the pool)"),
    ),
    h(
      "div.mt-stats",
      null,
      stat("in hand", player.hand_count),
      stat("in deck", player.deck_count),
      stat("discarded", (player.discard || []).length),
    ),
    mine && player.hand
      ? h("div.mt-row.mt-hand", { data: { role: "hand" } }, h("span.mt-label", null, "Hand"), cardRow(ctx, player.hand, { where: "hand", empty: "empty" }))
      : null,
    h(
      "div.mt-row.mt-reserve",
      { data: { role: "reserve" } },
      h("span.mt-label", null, `Reserve ${reserve.length}/${player.reserve_limit}`),
      cardRow(ctx, reserve, { where: "reserve", actions: mine, empty: "empty", marked: recentMarks(ctx).reserve.get(seat) }),
    ),
    (player.discard || []).length
      ? h(
          "details.mt-row.mt-discard",
          null,
          h("summary", null, `Discard pile (${player.discard.length})`),
          cardRow(ctx, player.discard, { where: "discard", actions: false }),
        )
      : null,
    (player.removed || []).length ? h("div.mt-row.mt-removed", null, h("span.mt-label", null, "Removed"), cardRow(ctx, player.removed, { where: "removed" })) : null,
    (player.set_aside || []).length ? h("div.mt-row", null, h("span.mt-label", null, "Set aside"), cardRow(ctx, player.set_aside, { actions: false })) : null,
  );
}

/** Every player on one line: score, provinces, cards, armies and ships. */
function summary(ctx, order) {
  const { view } = ctx;
  if (!order.length) return null;
  return h(
    "section.mt-summary#mt-summary",
    null,
    order.map((player) => {
      const seat = player.seat;
      const owned = (view.provinces || []).filter((p) => p.owner === seat).length;
      return h(
        "div.mt-summary-row",
        { style: { "--seat": colourOf(seat) }, data: { seat }, class: [!view.terminal && view.current_player === seat ? "turn" : null, ctx.seat === seat ? "me" : null] },
        h("span.seat-dot"),
        h("b.mt-summary-name", null, seatNameOf(seat), ctx.seat === seat ? h("span.you-tag", null, "you") : null),
        h("span.mt-score", null, `${player.score} VP`),
        h("span", null, `${owned} provinces`),
        h("span", null, `hand ${player.hand_count}`),
        h("span", null, `deck ${player.deck_count}`),
        h("span", null, `towns ${player.towns}`),
        h("span", null, `cities ${player.cities}`),
        player.citadel !== "unused" ? h("span", null, `citadel ${player.citadel}`) : null,
        h("span", null, `armies ${player.armies}+${player.army_pool}`),
        h("span", null, `ships ${player.ships}+${player.ship_pool}`),
        h("span", null, `Reserve ${[...(player.reserve || []), ...(player.reserve_new || [])].length}/${player.reserve_limit}`),
        (player.vp_counters || []).length ? h("span", null, `counters ${player.vp_counters.join(" ")}`) : null,
      );
    }),
  );
}

function warsPanel(ctx) {
  const wars = (ctx.view.provinces || []).filter((p) => p.at_war);
  if (!wars.length) return null;
  return h(
    "section.panel.mt-wars#mt-wars",
    null,
    h("h3", null, `Wars (${wars.length})`),
    wars.map((p) =>
      h(
        "div.mt-war",
        { data: { province: p.id } },
        h("b", null, p.name),
        h("span.muted", null, ` defender ${p.owner === null ? "neutral" : colourName(p.owner)}: `),
        Object.entries(p.strengths || {})
          .sort((a, b) => b[1] - a[1] || Number(a[0]) - Number(b[0]))
          .map(([side, n]) => h("span.mt-strength-chip", { style: { "--seat": colourOf(Number(side)) }, data: { side } }, `${Number(side) < 0 ? "neutral" : colourName(Number(side))} ${n}`)),
      ),
    ),
  );
}

function vpPanel(ctx) {
  const { view } = ctx;
  const supply = view.supply || {};
  const stock = Object.entries(view.vp_stock || {})
    .map(([value, n]) => `${n}×${value}`)
    .join(" ");
  return h(
    "section.panel.mt-vp#mt-vp",
    null,
    h("h3", null, `VP cards (${view.empty_vp_cards || 0} empty)`),
    h(
      "div.mt-vp-cards",
      null,
      (view.vp_cards || []).map((vp) => {
        const facts = card(`vp-${vp.id}`) || {};
        const counters = vp.counters || [];
        let left;
        if (vp.id === "lord-of-the-isles" || vp.id === "master-of-the-seas") left = counters.map((slot) => `${slot} ${vpValue(vp.id, slot)} VP`).join(", ");
        else left = counters.length ? `${counters.length} × ${vpValue(vp.id, counters[0])} VP` : "";
        return help(
          h(
            "div.mt-vp-card",
            { class: [counters.length ? null : "empty", recentMarks(ctx).vps.has(vp.id) ? "last-move" : null], data: { vp: vp.id, left: counters.length } },
            h("b", null, vp.name),
            h("span", null, left || "empty"),
          ),
          () => ({
            title: vp.name,
            kind: `VP card${facts.fixed ? " (fixed)" : ""}`,
            text: facts.text || null,
            notes: [counters.length ? `Counters left: ${left}.` : "No counters left."],
          }),
        );
      }),
    ),
    h(
      "p.muted.mt-small",
      null,
      `Unused VP stock: ${stock || "none"} · supply: ${supply.roads ?? 0} roads, ${supply.castles ?? 0} castles, ${supply.mercenaries ?? 0} mercenaries`,
    ),
  );
}

function displayPanel(ctx) {
  const { view } = ctx;
  return h(
    "section.panel.mt-display#mt-display",
    null,
    h("h3", null, `Display (${(view.display || []).length}) · Improvement deck ${view.improvement_deck ?? 0}`),
    cardRow(ctx, view.display || [], { where: "display", empty: "empty" }),
    h(
      "details.mt-supply",
      null,
      h("summary", null, `Province supply (${(view.province_supply || []).length})`),
      cardRow(ctx, view.province_supply || [], { where: "supply", actions: false }),
    ),
  );
}

// --- the renderer ----------------------------------------------------------------------------------------

function instruction(payload) {
  const view = payload.view || {};
  const pending = view.pending;
  if (pending) {
    if (["reserve", "discard", "remove", "counsellor"].includes(pending.kind)) return `${PENDING_WORD[pending.kind]}: click a card, or Done.`;
    if (pending.kind === "keep") return "Philosopher: click the card to keep.";
    if (pending.kind === "move") return "Road move: move more armies (below), or Done.";
    if (pending.optional) return `${PENDING_WORD[pending.kind] || pending.kind} Pay a card, or decline.`;
    return "Pay: click a card of your hand or Reserve (or pick a payment below).";
  }
  if (view.phase === "reject") return "Click one of your provinces to set its card aside.";
  if (view.phase === "citadel") return "Click the province for your Citadel.";
  if (view.phase === "play") {
    const taken = (view.turn || {}).actions || 0;
    if (taken >= 2) return "Your two actions are done: take free actions, or end the turn.";
    return `Choose an action (${taken} of 2 taken): click a province, a sea or a card, or a move below.`;
  }
  return null;
}

export default {
  id: "mythotopia",

  title() {
    return "Mythotopia";
  },

  seatName(_payload, seat) {
    return seatNameOf(seat);
  },

  seatColour(_payload, seat) {
    return colourOf(seat);
  },

  instruction,

  render(ctx) {
    const { view, ui, payload } = ctx;
    if (ui.seq !== payload.seq) {
      ui.seq = payload.seq;
      if (ui.selected && !selectionActions(ctx, ui.selected).length) ui.selected = null;
    }
    const players = view.players || [];
    const order = ctx.seat === null || ctx.seat === undefined ? players : [...players.filter((p) => p.seat === ctx.seat), ...players.filter((p) => p.seat !== ctx.seat)];
    const map = MAP ? h("div.mt-map-wrap", null, mapSvg(ctx)) : provinceList(ctx);
    const mine = order.length && order[0].seat === ctx.seat ? order[0] : null;
    const others = mine ? order.slice(1) : order;
    // Every legal action is also a button here, so nothing is left to the fallback.
    const moves = movesPanel(ctx);
    // A wide screen: the map and the viewer's own panel (hand, Reserve) on the left, as high
    // as the screen lets them be; beside them, scrolling by itself, every player at a glance,
    // what is being paid for, the moves, the wars, the other players, the display and the VP
    // cards. A narrow one: all of it in one column (style.css orders it).
    return h(
      "div.mythotopia",
      { data: { renderer: "mythotopia", phase: view.phase } },
      statusLine(ctx),
      h(
        "div.mt-stage",
        { style: MAP ? { "--map-ratio": String(MAP.width / MAP.height) } : null },
        h(
          "div.mt-left",
          null,
          h("section.panel.mt-board", null, map),
          mine ? h("div.mt-players.mt-mine", null, playerPanel(ctx, mine)) : null,
        ),
        h(
          "div.mt-side",
          null,
          summary(ctx, order),
          pendingPanel(ctx),
          selectionPanel(ctx),
          moves,
          warsPanel(ctx),
          others.length ? h("div.mt-players.mt-others", null, others.map((player) => playerPanel(ctx, player))) : null,
          displayPanel(ctx),
          vpPanel(ctx),
          MAP ? h("details.panel.mt-legend-box", null, h("summary", null, "Map legend"), legend()) : null,
        ),
      ),
    );
  },

  scoreLabel: "VP",

  result(payload) {
    const view = payload.view || {};
    const winners = new Set(view.winners || []);
    return h(
      "table.end-detail#mythotopia-results",
      null,
      h("thead", null, h("tr", null, h("th", null, "Seat"), h("th", null, "Provinces"), h("th", null, "VP counters"))),
      h(
        "tbody",
        null,
        (view.players || []).map((p) =>
          h(
            "tr",
            null,
            h("td", { class: winners.has(p.seat) ? "winner" : null }, seatNameOf(p.seat)),
            h("td", null, String((view.provinces || []).filter((q) => q.owner === p.seat).length)),
            h("td", null, (p.vp_counters || []).join(" ") || "—"),
          ),
        ),
      ),
    );
  },
};
