// Arena of the Gods: per player their God (Life, Gold, Favor, hand and deck counts, the
// Afterlife), their Battleground (Units with Power/Health/damage, ready and prevent markers;
// Buildings, Supplies; Bindings with the player they are on), the battle in progress (attacker
// against target, the window, who is to act, the stack in order of play), the start/end-of-turn
// abilities waiting, and the viewer's hand as cards with costs and text (from the catalog).
//
// Clicks and the actions they play:
//   play C            a hand card with no target                      [data-hand=C]
//   play C T          select the hand card, then click its target T (a card or God on the
//                     Battleground, or a card of your Afterlife)       [data-token=T] [data-card=T]
//   attack A T        select your ready Unit A, then click an enemy Unit or God T
//   use P / use P T   click your card P with an activated ability (then its target T); a card
//                     that can both attack and use an ability offers both in the command bar
//   discard C         a hand card in the end-of-turn discard step
//   pass, end, redirect, hold, done, trigger X, decline X: buttons in the command bar
// Anything else the rules may offer falls back to a plain button (the table does that).
//
// A click on the viewer's own thing that offers nothing now says why (moves.refuse, the game's
// refusal in words): a hand card that cannot be played ("Spearman costs 2 Gold; you have 1
// Gold"), a Unit that cannot attack, a card whose ability cannot be used, and, with a card
// selected, a card that is not its target.
//
// The latest moves (ctx.recent: what happened since the viewer's own last decision) are
// marked .last-move: the card played and its target, the attacker and what it attacked, the
// card whose ability was used and its target, the God an attack was redirected to, the card
// whose waiting ability resolved, the card discarded or sent to the Afterlife by an
// Evocation (in its Afterlife list).

import { h } from "../dom.js";
import { icon } from "../icons.js";
import CARDS from "/catalog/arena-of-the-gods.js";
import { help } from "./help.js";

const STEP_WORD = {
  roll: "Rolling for the first player",
  "setup-draw": "Drawing opening hands",
  "turn-start": "Start of turn",
  "turn-draw": "Drawing",
  main: "Main phase",
  redirect: "Attack declared",
  declare: "Attack declared",
  "pre-window": "Pre-combat window",
  "pre-resolve": "Pre-combat: resolving",
  "pre-check": "Pre-combat health check",
  combat: "Combat",
  "post-window": "Post-combat window",
  "post-resolve": "Post-combat: resolving",
  "post-check": "Post-combat health check",
  "battle-end": "Battle over",
  "turn-end": "End of turn",
  discard: "End of turn: discarding",
  cleanup: "End of turn",
  over: "Game over",
};
const TYPE_WORD = { god: "God", unit: "Unit", building: "Building", supply: "Supply", evocation: "Evocation" };
const SIMPLE = { end: "End turn", pass: "Pass", redirect: "Redirect to my God", hold: "Hold", done: "Done discarding" };

function title(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : "";
}

function card(id) {
  return CARDS[id] || null;
}

function cardName(id) {
  const found = card(id);
  return found ? found.name : id;
}

/** The card id and seat of a Battleground name ("hoplite@1.2" -> {card, seat, copy}). */
function parseToken(token) {
  if (!token || !token.includes("@")) return null;
  const [id, rest] = token.split("@");
  const [seat, copy] = rest.split(".");
  return { card: id, seat: Number(seat), copy: copy ? Number(copy) : 1 };
}

function tokenName(token) {
  const parsed = parseToken(token);
  if (!parsed) return cardName(token);
  return parsed.copy > 1 ? `${cardName(parsed.card)} #${parsed.copy}` : cardName(parsed.card);
}

function costText(data) {
  if (!data) return "";
  const parts = [];
  if (data.gold) parts.push(`${data.gold} Gold`);
  if (data.favor) parts.push(`${data.favor} Favor`);
  return parts.join(" + ") || "free";
}

function typeLine(data) {
  if (!data) return "";
  const sub = (data.subclasses || []).map(title).join(", ");
  if (data.type === "unit") return `${title(data.class)} Unit${sub ? ` — ${sub}` : ""}`;
  if (data.type === "evocation") return `${title(data.kind)} Evocation`;
  if (data.type === "supply") return `${title(data.supply_class)} Supply`;
  return `${TYPE_WORD[data.type] || title(data.type)}${sub ? ` — ${sub}` : ""}`;
}

function seatNameOf(view, seat) {
  const players = (view && view.players) || [];
  const god = players[seat] ? players[seat].god : null;
  return god ? `P${seat} ${cardName(god)}` : `P${seat}`;
}

// --- legal actions -----------------------------------------------------------------------------

/** The legal actions by what they are clicked on. */
function parseMoves(moves) {
  const plays = new Map(); // card -> {direct, targets: Map(target -> action)}
  const uses = new Map(); // token -> {direct, targets}
  const attacks = new Map(); // token -> Map(target -> action)
  const discards = new Map(); // card -> action
  const triggers = [];
  const declines = [];
  const simple = [];
  const other = [];
  const slot = (map, key) => {
    if (!map.has(key)) map.set(key, { direct: null, targets: new Map() });
    return map.get(key);
  };
  for (const action of moves.enabled ? moves.legal : []) {
    const [verb, a, t] = action.split(" ");
    if (verb === "play" && a) {
      const entry = slot(plays, a);
      if (t) entry.targets.set(t, action);
      else entry.direct = action;
    } else if (verb === "use" && a) {
      const entry = slot(uses, a);
      if (t) entry.targets.set(t, action);
      else entry.direct = action;
    } else if (verb === "attack" && a && t) {
      if (!attacks.has(a)) attacks.set(a, new Map());
      attacks.get(a).set(t, action);
    } else if (verb === "discard" && a) discards.set(a, action);
    else if (verb === "trigger" && a) triggers.push(action);
    else if (verb === "decline" && a) declines.push(action);
    else if (SIMPLE[verb] && !a) simple.push(action);
    else other.push(action);
  }
  return { plays, uses, attacks, discards, triggers, declines, simple, other };
}

/** What a click on a hand card or a Battleground card does: play at once, or select it. */
function handChoice(parsed, id) {
  const entry = parsed.plays.get(id);
  if (!entry) return null;
  if (!entry.targets.size && entry.direct) return { action: entry.direct };
  return { select: { kind: "play", key: id } };
}

function actorChoice(parsed, token) {
  const use = parsed.uses.get(token);
  const attack = parsed.attacks.get(token);
  if (!use && !attack) return null;
  if (!attack && use && !use.targets.size && use.direct) return { action: use.direct };
  return { select: { kind: "actor", key: token } };
}

/** The current selection (cleared when it no longer fits the legal actions) and its targets. */
function selection(ctx, parsed) {
  const { ui, payload } = ctx;
  if (ui.agSeq !== payload.seq) {
    // Something was played: a new decision starts with nothing selected.
    ui.agSeq = payload.seq;
    ui.agSel = null;
    ui.agMode = null;
  }
  let sel = ui.agSel || null;
  if (sel && sel.kind === "play" && !parsed.plays.has(sel.key)) sel = null;
  if (sel && sel.kind === "actor" && !parsed.uses.has(sel.key) && !parsed.attacks.has(sel.key)) sel = null;
  ui.agSel = sel;
  if (!sel) return null;
  if (sel.kind === "play") {
    const entry = parsed.plays.get(sel.key);
    return { ...sel, mode: "play", targets: entry.targets, direct: entry.direct, attack: null, use: null };
  }
  const attack = parsed.attacks.get(sel.key) || null;
  const use = parsed.uses.get(sel.key) || null;
  let mode = ui.agMode;
  if (mode === "attack" && !attack) mode = null;
  if (mode === "use" && !(use && use.targets.size)) mode = null;
  if (!mode) mode = attack ? "attack" : use && use.targets.size ? "use" : null;
  ui.agMode = mode;
  const targets = mode === "attack" ? attack : mode === "use" ? use.targets : new Map();
  return { ...sel, mode, targets, direct: use ? use.direct : null, attack, use };
}

// --- the latest moves ---------------------------------------------------------------------------

/**
 * What the latest moves (ctx.recent, oldest first) touched: ``tokens`` (cards and Gods on the
 * Battleground) and ``afterlife`` (seat -> card ids gone to that Afterlife by a discard or an
 * Evocation played).
 */
function recentMarks(ctx) {
  const { view } = ctx;
  const tokens = new Set();
  const afterlife = new Map();
  const battleground = view.battleground || [];
  const players = view.players || [];
  const toAfterlife = (seat, id) => {
    if (!afterlife.has(seat)) afterlife.set(seat, new Set());
    afterlife.get(seat).add(id);
  };
  // The copy of ``id`` under ``seat`` that entered last (the Battleground lists by entry).
  const newest = (id, seat) => {
    for (let i = battleground.length - 1; i >= 0; i -= 1) {
      const perm = battleground[i];
      if (perm.card === id && perm.controller === seat) return perm.token;
    }
    return null;
  };
  const mark = (token) => {
    if (token && parseToken(token)) tokens.add(token);
  };
  for (const entry of ctx.recent || []) {
    const seat = entry.seat;
    if (seat === null || seat === undefined) continue; // chance: draws show nothing
    const [verb, a, t] = String(entry.action).split(" ");
    if (verb === "play" || verb === "play-from-afterlife") {
      const entered = newest(a, seat);
      if (entered) mark(entered);
      else if (card(a) && card(a).type === "evocation" && card(a).kind !== "binding") toAfterlife(seat, a);
      mark(t);
    } else if (verb === "use" || verb === "attack") {
      mark(a);
      mark(t);
    } else if (verb === "redirect") {
      mark(players[seat] ? players[seat].god_token : null);
    } else if (verb === "trigger") {
      const found = battleground.find((p) => p.card === a && (p.bound_to === seat || (p.controller === seat && (p.bound_to === undefined || p.bound_to === null))));
      if (found) mark(found.token);
    } else if (verb === "discard") toAfterlife(seat, a);
  }
  return { tokens, afterlife };
}

/** Mark ``el`` as touched by the latest moves when ``token`` is. */
function markRecent(ctx, el, token) {
  if (ctx.agRecent && ctx.agRecent.tokens.has(token)) el.classList.add("last-move");
  return el;
}

// --- cards --------------------------------------------------------------------------------------

/** A card's full text for the help (help.js): name, type, cost, numbers, text; a God's two
 * abilities apart; a card on the Battleground with its damage, markers and binding. */
function cardSpec(ctx, id, perm = null) {
  const data = card(id) || { name: id, text: "" };
  const unit = data.type === "unit";
  const sections = [];
  let text = data.text || null;
  if (data.type === "god" && text) {
    const [ability, blessing] = text.split(/\s*God Blessing - /);
    const part = (words, prefix) => {
      const body = words.replace(prefix, "").trim();
      const colon = body.indexOf(":");
      return colon > 0 ? { label: body.slice(0, colon), text: body.slice(colon + 1).trim() } : { text: body };
    };
    const first = part(ability, /^Pantheon Ability - /);
    sections.push({ ...first, label: `Pantheon Ability: ${first.label || data.pantheon_ability || ""}` });
    if (blessing) {
      const second = part(blessing, /^/);
      sections.push({ ...second, label: `God Blessing: ${second.label || data.blessing || ""}` });
    }
    text = null;
  }
  const copy = perm ? parseToken(perm.token) : null;
  return {
    title: `${data.name}${copy && copy.copy > 1 ? ` #${copy.copy}` : ""}`,
    kind: [typeLine(data), data.pantheon ? `${title(data.pantheon)}` : null].filter(Boolean).join(" · "),
    stats: [
      data.type !== "god" ? [costText(data), "cost"] : null,
      unit ? [perm ? perm.power : data.power, "Power"] : null,
      unit ? [perm ? `${perm.health - perm.damage}/${perm.health}` : data.health, "Health"] : null,
    ],
    text,
    sections,
    notes: [
      perm && unit && perm.damage ? `${perm.damage} damage on it.` : null,
      perm && perm.ready ? "Ready: it may declare an attack." : null,
      perm && perm.shield ? `Prevents the next ${perm.shield} damage.` : null,
      perm && perm.used ? "Its ability was used this turn." : null,
      perm && perm.bound_to !== undefined && perm.bound_to !== null ? `Bound to ${ctx.seatName(perm.bound_to)}.` : null,
      perm && perm.controller !== undefined && perm.type !== "god" ? `Controlled by ${ctx.seatName(perm.controller)}.` : null,
      data.type === "god" && (data.starting || []).length ? `Starts with ${data.starting.map(cardName).join(", ")} on the Battleground.` : null,
    ],
  };
}

function statBox(value, label, tip, cls = null) {
  return h("div.ag-stat", { class: cls, "aria-label": tip ? `${tip}: ${value}` : null }, h("b", null, String(value)), h("span", null, label));
}

/** A card on the Battleground (or in the battle panel). */
function permCard(ctx, perm, { small = false } = {}) {
  const data = card(perm.card) || { name: perm.card, type: perm.type, text: "" };
  const unit = perm.type === "unit";
  const left = unit ? perm.health - perm.damage : null;
  const el = h(
    "div.ag-card.ag-perm",
    {
      class: [`ag-type-${perm.type}`, small ? "ag-small" : null, perm.ready ? "ag-ready" : null, perm.used ? "ag-used" : null],
      data: { token: perm.token, card: perm.card, owner: perm.controller },
      style: { "--seat": ctx.colour(perm.controller) },
    },
    h("div.ag-card-name", null, data.name, parseToken(perm.token).copy > 1 ? h("span.muted", null, ` #${parseToken(perm.token).copy}`) : null),
    h("div.ag-card-type", null, typeLine(data)),
    unit
      ? h(
          "div.ag-stats",
          null,
          statBox(perm.power, "Pow", "Power"),
          statBox(`${left}/${perm.health}`, "HP", `Health ${perm.health}, ${perm.damage} damage`, perm.damage ? "ag-hurt" : null),
        )
      : null,
    h(
      "div.ag-marks",
      null,
      unit && perm.damage ? h("span.ag-mark.ag-damage", null, icon("crack"), `${perm.damage} dmg`) : null,
      perm.ready ? h("span.ag-mark.ag-ready-mark", null, icon("sword"), "ready") : null,
      perm.shield ? h("span.ag-mark.ag-shield", null, icon("shield"), `prevent ${perm.shield}`) : null,
      perm.used ? h("span.ag-mark.ag-used-mark", null, "used") : null,
      perm.bound_to !== undefined && perm.bound_to !== null
        ? h("span.ag-mark.ag-bound", { data: { boundTo: perm.bound_to }, style: { "--seat": ctx.colour(perm.bound_to) } }, `on ${ctx.seatName(perm.bound_to)}`)
        : null,
    ),
    small ? null : h("div.ag-card-text", null, data.text || ""),
  );
  markRecent(ctx, el, perm.token);
  return help(el, () => cardSpec(ctx, perm.card, perm), { button: true, label: data.name });
}

/** A card in the viewer's hand. */
function handCard(ctx, id, index) {
  const data = card(id) || { name: id, text: "" };
  return help(
    h(
      "div.ag-card.ag-hand-card",
      {
        class: [`ag-type-${data.type}`],
        data: { hand: id, index },
      },
      h("div.ag-cost", { "aria-label": `costs ${costText(data)}` }, data.gold ? h("span.ag-gold", null, `${data.gold}G`) : null, data.favor ? h("span.ag-favor", null, `${data.favor}F`) : null, !data.gold && !data.favor ? h("span.muted", null, "free") : null),
      h("div.ag-card-name", null, data.name),
      h("div.ag-card-type", null, typeLine(data)),
      data.type === "unit" ? h("div.ag-stats", null, statBox(data.power, "Pow", "Power"), statBox(data.health, "HP", "Health")) : null,
      h("div.ag-card-text", null, data.text || ""),
    ),
    () => cardSpec(ctx, id),
    { button: true, label: data.name },
  );
}

// --- binding clicks -----------------------------------------------------------------------------

function makeSelectable(ctx, el, select, label) {
  el.classList.add("ag-selectable");
  if (ctx.ui.agSel && ctx.ui.agSel.kind === select.kind && ctx.ui.agSel.key === select.key) el.classList.add("ag-selected");
  el.tabIndex = 0;
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", label);
  el.dataset.select = `${select.kind}:${select.key}`;
  const pick = (event) => {
    event.preventDefault();
    event.stopPropagation();
    const same = ctx.ui.agSel && ctx.ui.agSel.kind === select.kind && ctx.ui.agSel.key === select.key;
    ctx.ui.agSel = same ? null : select;
    ctx.ui.agMode = null;
    ctx.rerender();
  };
  el.addEventListener("click", pick);
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") pick(event);
  });
  return el;
}

/** Make a Battleground card or a God clickable: as the selection's target, or as an actor. */
function bindToken(ctx, el, token, parsed, sel) {
  if (sel && sel.targets && sel.targets.has(token)) {
    el.classList.add("ag-target");
    if (sel.mode === "attack") el.classList.add("ag-attack-target");
    const verb = sel.mode === "attack" ? "Attack" : "Target";
    ctx.moves.bind(el, sel.targets.get(token), { label: `${verb} ${tokenName(token)}` });
    el.append(h("span.ag-badge", null, sel.mode === "attack" ? "attack" : "target"));
    return;
  }
  const choice = actorChoice(parsed, token);
  if (!choice) {
    refuseToken(ctx, el, token, sel);
    return;
  }
  if (choice.action) {
    ctx.moves.bind(el, choice.action, { label: `Use ${tokenName(token)}` });
    el.append(h("span.ag-badge.ag-use-badge", null, "use"));
  } else makeSelectable(ctx, el, choice.select, `Select ${tokenName(token)}`);
}

/**
 * A card that offers nothing now says why when clicked, on the viewer's own decision: with a
 * card selected, why this is not its target; else, for the viewer's own card, why it cannot
 * attack (a Unit, in the main phase) or why its ability cannot be used.
 */
function refuseToken(ctx, el, token, sel) {
  const { view, moves } = ctx;
  if (!moves.enabled || !moves.legal.length) return;
  const where = parseToken(token);
  if (!where) return;
  if (sel) {
    if (sel.mode === "attack") moves.refuse(el, `attack ${sel.key} ${token}`);
    else if (sel.mode === "use") moves.refuse(el, `use ${sel.key} ${token}`);
    else if (sel.kind === "play") moves.refuse(el, `play ${sel.key} ${token}`);
    return;
  }
  if (where.seat !== ctx.seat) return;
  const perm = (view.battleground || []).find((p) => p.token === token);
  if (!perm) return;
  if (perm.type === "unit" && view.step === "main") {
    const foe = (view.players || []).find((p) => p.seat !== ctx.seat && !p.out);
    if (foe) moves.refuse(el, `attack ${token} ${foe.god_token}`);
  } else if (perm.used !== undefined && (perm.bound_to === undefined || perm.bound_to === null)) {
    moves.refuse(el, `use ${token}`); // a card with an activated ability (view: "used")
  }
}

// --- the parts of the page ----------------------------------------------------------------------

function statusLine(ctx) {
  const { view } = ctx;
  return h(
    "div.ag-status",
    null,
    h("span.chip", null, `Turn ${view.turn + 1}`),
    view.turn_player !== null && view.turn_player !== undefined && view.turn_player >= 0
      ? h("span.chip", { style: { "--seat": ctx.colour(view.turn_player) } }, h("span.seat-dot"), `${ctx.seatName(view.turn_player)}'s turn`)
      : null,
    h("span.chip", { data: { step: view.step } }, STEP_WORD[view.step] || view.step),
  );
}

function commandBar(ctx, parsed, sel) {
  const { moves } = ctx;
  const parts = [];
  let prompt = null;
  let hint = null;
  if (sel) {
    if (sel.kind === "play") {
      prompt = `Play ${cardName(sel.key)}:`;
      hint = sel.targets.size ? "click a glowing target" : null;
      if (sel.direct) parts.push(moves.button(sel.direct, sel.targets.size ? "Play without a target" : `Play ${cardName(sel.key)}`, "ag-direct"));
    } else {
      prompt = `${tokenName(sel.key)}:`;
      if (sel.attack) {
        parts.push(
          h(
            "button.mode",
            { type: "button", class: sel.mode === "attack" ? "chosen" : null, data: { mode: "attack" }, onclick: () => setMode(ctx, "attack") },
            icon("sword"),
            "Attack",
          ),
        );
      }
      if (sel.use && sel.use.targets.size) {
        parts.push(
          h(
            "button.mode",
            { type: "button", class: sel.mode === "use" ? "chosen" : null, data: { mode: "use" }, onclick: () => setMode(ctx, "use") },
            icon("bolt"),
            "Use ability",
          ),
        );
      }
      if (sel.direct) parts.push(moves.button(sel.direct, "Use ability", "ag-direct"));
      hint = sel.mode === "attack" ? "click an enemy Unit or God to attack" : sel.mode === "use" ? "click a glowing target" : null;
    }
    // Targets that are not on the Battleground (cards of the Afterlife) are also buttons here.
    for (const [target, action] of sel.targets) {
      if (!parseToken(target)) parts.push(moves.button(action, `${cardName(target)} (Afterlife)`, "ag-afterlife-target"));
    }
    parts.push(
      h(
        "button.move.ag-cancel",
        {
          type: "button",
          onclick: () => {
            ctx.ui.agSel = null;
            ctx.ui.agMode = null;
            ctx.rerender();
          },
        },
        "Cancel",
      ),
    );
  }
  const buttons = [
    ...parsed.triggers.map((a) => moves.button(a, `Trigger ${cardName(a.split(" ")[1])}`, "ag-trigger")),
    ...parsed.declines.map((a) => moves.button(a, `Decline ${cardName(a.split(" ")[1])}`, "ag-decline")),
    ...parsed.simple.map((a) => moves.button(a, SIMPLE[a] || a, `ag-${a}`)),
  ];
  if (!parts.length && !buttons.length) return null;
  if (!prompt && parsed.discards.size) hint = "click cards in your hand to discard them";
  else if (!prompt && (parsed.plays.size || parsed.attacks.size || parsed.uses.size)) {
    hint = "click a card in your hand to play it, or your glowing cards to attack or use them";
  }
  return h(
    "div.command.ag-command#ag-command",
    { data: { selected: sel ? `${sel.kind}:${sel.key}` : null, mode: sel ? sel.mode : null } },
    prompt ? h("span.command-title", null, prompt) : null,
    parts,
    buttons,
    hint ? h("span.hint", null, hint) : null,
  );
}

function setMode(ctx, mode) {
  ctx.ui.agMode = mode;
  ctx.rerender();
}

function battlePanel(ctx, parsed, sel) {
  const { view } = ctx;
  const battle = view.battle;
  if (!battle) return null;
  const byToken = new Map((view.battleground || []).map((p) => [p.token, p]));
  const side = (token) => {
    if (!token) return h("div.ag-gone.muted", null, "(gone)");
    const perm = byToken.get(token);
    if (perm && perm.type !== "god") {
      const el = permCard(ctx, perm, { small: true });
      if (sel && sel.targets && sel.targets.has(token)) bindToken(ctx, el, token, parsed, sel);
      return el;
    }
    const where = parseToken(token);
    const player = where ? (view.players || [])[where.seat] : null;
    const el = h(
      "div.ag-card.ag-perm.ag-small.ag-type-god",
      { data: { token, card: where ? where.card : token }, style: { "--seat": ctx.colour(where ? where.seat : -1) } },
      h("div.ag-card-name", null, tokenName(token)),
      h("div.ag-card-type", null, "God"),
      player ? h("div.ag-stats", null, statBox(player.life, "Life", "Life", "ag-life")) : null,
    );
    help(el, () => cardSpec(ctx, where ? where.card : token));
    markRecent(ctx, el, token);
    if (sel && sel.targets && sel.targets.has(token)) bindToken(ctx, el, token, parsed, sel);
    return el;
  };
  const stack = battle.stack || [];
  return h(
    "section.ag-battle#ag-battle",
    { data: { window: battle.window, toAct: battle.to_act } },
    h(
      "header.ag-battle-head",
      null,
      icon("sword"),
      h("b", null, "Battle"),
      h("span", null, `${ctx.seatName(battle.attacking_seat)} attacks ${ctx.seatName(battle.defending_seat)}`),
      battle.window ? h("span.chip", null, STEP_WORD[battle.window] || battle.window) : h("span.chip", null, STEP_WORD[view.step] || view.step),
      battle.to_act !== null && battle.to_act !== undefined
        ? h("span.chip.ag-to-act", { style: { "--seat": ctx.colour(battle.to_act) } }, h("span.seat-dot"), `${ctx.seatName(battle.to_act)} to act`)
        : null,
    ),
    h("div.ag-versus", null, h("div.ag-side", { data: { role: "attacker" } }, side(battle.attacker)), h("span.ag-vs", null, "vs"), h("div.ag-side", { data: { role: "target" } }, side(battle.target))),
    h(
      "div.ag-stack#ag-stack",
      null,
      h("span.muted", null, stack.length ? "Stack (in order of play; the last resolves first):" : "Stack: empty"),
      stack.length
        ? h(
            "ol.ag-stack-list",
            null,
            stack.map((item) =>
              help(
                h(
                  "li.ag-stack-item",
                  { data: { card: item.card, seat: item.seat }, style: { "--seat": ctx.colour(item.seat) } },
                  h("span.seat-dot"),
                  item.source ? `${tokenName(item.source)}'s ability` : cardName(item.card),
                  item.target ? h("span.muted", null, ` → ${tokenName(item.target)}`) : null,
                ),
                () => cardSpec(ctx, item.card),
              ),
            ),
          )
        : null,
    ),
  );
}

function pendingPanel(ctx) {
  const pending = ctx.view.pending || [];
  if (!pending.length) return null;
  return h(
    "section.ag-pending#ag-pending",
    null,
    h("span.muted", null, "Waiting abilities:"),
    pending.map((entry) =>
      h(
        "span.ag-pending-seat",
        { data: { seat: entry.seat }, style: { "--seat": ctx.colour(entry.seat) } },
        h("span.seat-dot"),
        h(
          "span",
          null,
          `${ctx.seatName(entry.seat)}: `,
          entry.triggers.map((id, k) => [k ? ", " : "", help(h("span.ag-trigger-name", { data: { card: id } }, cardName(id)), () => cardSpec(ctx, id))]),
        ),
      ),
    ),
  );
}

function handZone(ctx, parsed, sel) {
  const { view } = ctx;
  if (ctx.seat === null || ctx.seat === undefined) return null;
  const me = (view.players || [])[ctx.seat];
  if (!me) return null;
  const hand = me.hand || [];
  const myTurn = ctx.moves.enabled && ctx.moves.legal.length > 0;
  return h(
    "section.ag-hand#ag-hand",
    null,
    h("h3", null, `Your hand (${hand.length})`, parsed.discards.size ? h("span.hint", null, " — click a card to discard it") : null),
    hand.length
      ? h(
          "div.ag-cards",
          null,
          hand.map((id, index) => {
            const el = handCard(ctx, id, index);
            if (parsed.discards.has(id)) {
              ctx.moves.bind(el, parsed.discards.get(id), { label: `Discard ${cardName(id)}` });
              el.classList.add("ag-discardable");
              el.append(h("span.ag-badge", null, "discard"));
              return el;
            }
            const choice = handChoice(parsed, id);
            if (choice && choice.action) {
              ctx.moves.bind(el, choice.action, { label: `Play ${cardName(id)}` });
              el.append(h("span.ag-badge.ag-play-badge", null, "play"));
            } else if (choice) {
              makeSelectable(ctx, el, choice.select, `Play ${cardName(id)}: choose a target`);
              if (sel && sel.kind === "play" && sel.key === id) el.classList.add("ag-selected");
            } else if (myTurn) {
              el.classList.add("ag-unplayable");
              ctx.moves.refuse(el, `play ${id}`); // the click says why it cannot be played
            }
            return el;
          }),
        )
      : h("p.muted", null, "No cards in hand."),
  );
}

function afterlifeList(ctx, entry, sel) {
  const afterlife = entry.afterlife || [];
  const targets = sel && sel.targets ? sel.targets : new Map();
  const wanted = afterlife.some((id) => targets.has(id)) && entry.seat === ctx.seat;
  const recentHere = (ctx.agRecent && ctx.agRecent.afterlife.get(entry.seat)) || new Set();
  const details = h(
    "details.ag-afterlife",
    { data: { seat: entry.seat }, open: wanted || ctx.ui[`agAfter${entry.seat}`] || false },
    h("summary", { class: afterlife.some((id) => recentHere.has(id)) ? "last-move" : null }, icon("skull"), `Afterlife (${afterlife.length})`),
    afterlife.length
      ? h(
          "ul.ag-afterlife-list",
          null,
          afterlife.map((id, index) => {
            const item = help(h("li.ag-afterlife-card", { data: { card: id } }, cardName(id)), () => cardSpec(ctx, id));
            // The last copy of a card that went there with the latest moves.
            if (recentHere.has(id) && afterlife.lastIndexOf(id) === index) item.classList.add("last-move");
            if (entry.seat === ctx.seat && targets.has(id)) {
              item.classList.add("ag-target");
              ctx.moves.bind(item, targets.get(id), { label: `Target ${cardName(id)} in your Afterlife` });
            }
            return item;
          }),
        )
      : h("p.muted", null, "empty"),
  );
  details.addEventListener("toggle", () => {
    ctx.ui[`agAfter${entry.seat}`] = details.open;
  });
  return details;
}

function godPanel(ctx, entry, parsed, sel) {
  const { view } = ctx;
  const god = card(entry.god) || { name: entry.god, text: "" };
  const perm = (view.battleground || []).find((p) => p.token === entry.god_token) || null;
  const bindings = (view.battleground || []).filter((p) => p.bound_to === entry.seat);
  const el = h(
    "div.ag-god",
    {
      data: { token: entry.god_token, card: entry.god, owner: entry.seat },
      class: [perm && perm.used ? "ag-used" : null],
    },
    h("div.ag-god-name", null, icon("crown"), god.name, perm && perm.used ? h("span.ag-mark.ag-used-mark", null, "blessing used") : null),
    h(
      "div.ag-resources",
      null,
      h("span.ag-res.ag-life", { data: { res: "life" } }, icon("heart"), h("b", null, String(entry.life)), " Life"),
      h("span.ag-res.ag-gold", { data: { res: "gold" } }, h("b", null, String(entry.gold)), " Gold"),
      h("span.ag-res.ag-favor", { data: { res: "favor" } }, h("b", null, String(entry.favor)), " Favor"),
      h("span.ag-res", { data: { res: "hand" } }, icon("cards"), h("b", null, String(entry.hand_count)), " in hand"),
      h("span.ag-res", { data: { res: "deck" } }, h("b", null, String(entry.deck_count)), " in deck"),
    ),
    god.pantheon_ability || god.blessing
      ? h("div.ag-god-text", null, god.text || "")
      : null,
    bindings.length
      ? h(
          "div.ag-bound-by",
          null,
          "Bound by: ",
          bindings.map((b) => help(h("span.ag-mark.ag-bound", { style: { "--seat": ctx.colour(b.controller) } }, `${cardName(b.card)} (${ctx.seatName(b.controller)})`), () => cardSpec(ctx, b.card, b))),
        )
      : null,
  );
  help(el, () => godSpec(ctx, entry, perm), { button: true, label: god.name });
  markRecent(ctx, el, entry.god_token);
  if (!entry.out) bindToken(ctx, el, entry.god_token, parsed, sel);
  return el;
}

function godSpec(ctx, entry, perm) {
  const spec = cardSpec(ctx, entry.god, perm);
  return {
    ...spec,
    kind: `God · ${ctx.seatName(entry.seat)}`,
    stats: [
      [entry.life, "Life"],
      [entry.gold, "Gold"],
      [entry.favor, "Favor"],
      [entry.hand_count, "in hand"],
      [entry.deck_count, "in deck"],
      [(entry.afterlife || []).length, "in the Afterlife"],
    ],
    notes: [perm && perm.used ? "Its Blessing was used this turn." : null, entry.out ? "Out of the game." : null, ...spec.notes.filter((n) => n && n.startsWith("Starts"))],
  };
}

/** Every player on one chip: Life, Gold, Favor, cards, what stands on the Battleground. */
function summary(ctx) {
  const { view } = ctx;
  const players = view.players || [];
  if (!players.length) return null;
  return h(
    "section.ag-summary#ag-summary",
    null,
    players.map((entry) => {
      const perms = (view.battleground || []).filter((p) => p.controller === entry.seat && p.type !== "god");
      const units = perms.filter((p) => p.type === "unit").length;
      const perm = (view.battleground || []).find((p) => p.token === entry.god_token) || null;
      return help(
        h(
          "div.ag-summary-chip",
          {
            style: { "--seat": ctx.colour(entry.seat) },
            data: { seat: entry.seat },
            class: [view.turn_player === entry.seat ? "turn" : null, ctx.seat === entry.seat ? "me" : null, entry.out ? "ag-out" : null],
          },
          h("span.seat-dot"),
          h("b", null, ctx.seatName(entry.seat)),
          ctx.seat === entry.seat ? h("span.you-tag", null, "you") : null,
          h("span.ag-res.ag-life", null, icon("heart"), h("b", null, String(entry.life))),
          h("span.ag-res.ag-gold", null, h("b", null, String(entry.gold)), "G"),
          h("span.ag-res.ag-favor", null, h("b", null, String(entry.favor)), "F"),
          h("span", null, `hand ${entry.hand_count}`),
          h("span", null, `${units} unit${units === 1 ? "" : "s"}`),
          h("span", null, `${perms.length - units} other`),
          h("span", null, `afterlife ${(entry.afterlife || []).length}`),
          entry.out ? h("span", null, "out") : null,
        ),
        () => godSpec(ctx, entry, perm),
      );
    }),
  );
}

function playerPanel(ctx, entry, parsed, sel) {
  const { view } = ctx;
  const seat = entry.seat;
  const mine = ctx.seat === seat;
  const perms = (view.battleground || []).filter((p) => p.controller === seat && p.type !== "god");
  const units = perms.filter((p) => p.type === "unit");
  const bindings = perms.filter((p) => p.bound_to !== undefined && p.bound_to !== null);
  const others = perms.filter((p) => p.type !== "unit" && !bindings.includes(p));
  const row = (label, list, role) =>
    h(
      "div.ag-row",
      { data: { role } },
      h("div.ag-row-label", null, label),
      list.length
        ? h(
            "div.ag-cards",
            null,
            list.map((perm) => {
              const el = permCard(ctx, perm);
              bindToken(ctx, el, perm.token, parsed, sel);
              return el;
            }),
          )
        : h("span.muted", null, "none"),
    );
  const known = entry.known_hand || [];
  return h(
    "section.ag-player",
    {
      class: [mine ? "me" : null, entry.out ? "ag-out" : null, view.turn_player === seat ? "turn" : null],
      style: { "--seat": ctx.colour(seat) },
      data: { seat },
    },
    h(
      "header.ag-player-head",
      null,
      h("span.seat-dot"),
      h("span.ag-player-name", null, ctx.seatName(seat)),
      mine ? h("span.you-tag", null, "you") : null,
      view.turn_player === seat ? h("span.faction-tag.ag-tag", null, "turn") : null,
      !view.terminal && view.current_player === seat ? h("span.faction-tag.ag-tag", null, "to act") : null,
      entry.out ? h("span.faction-tag.ag-tag", null, "out") : null,
      (view.winners || []).includes(seat) && view.terminal ? h("span.faction-tag.ag-tag", null, "winner") : null,
    ),
    h("div.ag-god-line", null, godPanel(ctx, entry, parsed, sel), afterlifeList(ctx, entry, sel)),
    known.length ? h("div.ag-known", null, "Known in hand: ", known.map(cardName).join(", ")) : null,
    h("div.ag-field", { data: { role: "battleground" } }, row("Units", units, "units"), row("Buildings & Supplies", others, "others"), bindings.length ? row("Bindings", bindings, "bindings") : null),
  );
}

// --- the renderer -------------------------------------------------------------------------------

function instruction(payload) {
  const view = payload.view || {};
  const legal = view.legal_actions || [];
  if (legal.some((a) => a.startsWith("trigger "))) return "Choose which of your waiting abilities resolves next (Trigger / Decline).";
  if (view.step === "main") return "Click a hand card to play it, your ready Unit then an enemy to attack, a glowing card to use it — or End turn.";
  if (view.step === "redirect") return "Your Unit is attacked: redirect the attack to your God, or hold.";
  if (view.step === "pre-window" || view.step === "post-window") return "Battle window: click a Combat Evocation or a card's battle ability, or Pass.";
  if (view.step === "discard") return "End of turn: click hand cards to discard them, then Done.";
  return null;
}

export default {
  id: "arena-of-the-gods",

  title() {
    return "Arena of the Gods";
  },

  seatName(payload, seat) {
    return seatNameOf(payload.view || {}, seat);
  },

  instruction,

  render(ctx) {
    const { view, moves } = ctx;
    const parsed = parseMoves(moves);
    const sel = selection(ctx, parsed);
    ctx.agRecent = recentMarks(ctx);
    // Two-step choices are reachable by clicks the renderer handles (select, then target).
    for (const entry of parsed.plays.values()) moves.cover([...entry.targets.values()]);
    for (const entry of parsed.uses.values()) moves.cover([...entry.targets.values()]);
    for (const entry of parsed.attacks.values()) moves.cover([...entry.values()]);
    for (const entry of parsed.plays.values()) if (entry.direct && entry.targets.size) moves.cover(entry.direct); // command bar
    for (const entry of parsed.uses.values()) if (entry.direct) moves.cover(entry.direct); // card or command bar
    // The viewer first, then the others clockwise.
    const seats = (view.players || []).map((p) => p.seat);
    const me = seats.indexOf(ctx.seat);
    const ordered = me < 0 ? seats : [...seats.slice(me), ...seats.slice(0, me)];
    const others = me < 0 ? ordered : ordered.slice(1);
    // A wide screen: the table as seen from the viewer's seat: every player at a glance on
    // top, the opponents across the table, the viewer's Battleground (this middle scrolls by
    // itself if it must), then the battle, the prompt's buttons and the hand, always in view.
    // A narrow one: one column, the prompt, the battle and the hand first (style.css orders
    // it).
    return h(
      "div.ag",
      { data: { renderer: "arena-of-the-gods", step: view.step } },
      h("div.ag-top", null, statusLine(ctx), summary(ctx)),
      h(
        "div.ag-table",
        null,
        others.length ? h("div.ag-players.ag-others", null, others.map((seat) => playerPanel(ctx, view.players[seat], parsed, sel))) : null,
        me >= 0 ? h("div.ag-players.ag-mine", null, playerPanel(ctx, view.players[ctx.seat], parsed, sel)) : null,
      ),
      h("div.ag-bottom", null, battlePanel(ctx, parsed, sel), commandBar(ctx, parsed, sel), pendingPanel(ctx), handZone(ctx, parsed, sel)),
    );
  },

  result(payload) {
    const view = payload.view || {};
    const winners = new Set(view.winners || []);
    return h(
      "table.end-detail#ag-results",
      null,
      h("thead", null, h("tr", null, h("th", null, "Player"), h("th", null, "Life"), h("th", null, "Units standing"))),
      h(
        "tbody",
        null,
        (view.players || []).map((p) =>
          h(
            "tr",
            { data: { seat: p.seat } },
            h("td", { class: winners.has(p.seat) ? "winner" : null }, seatNameOf(view, p.seat), p.out ? " (out)" : ""),
            h("td.num", null, String(p.life)),
            h(
              "td",
              null,
              (view.battleground || [])
                .filter((perm) => perm.controller === p.seat && perm.type === "unit")
                .map((perm) => `${tokenName(perm.token)} ${perm.power}/${perm.health - perm.damage}`)
                .join(", ") || "—",
            ),
          ),
        ),
      ),
    );
  },
};
