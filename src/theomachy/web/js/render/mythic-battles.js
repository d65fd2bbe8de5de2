// Mythic Battles: Pantheon: the area map as SVG (one cell per area in its grid position with its
// number; impenetrable areas hatched, ruins and trees drawn, cliffs as thick borders between
// the two areas, deployment zones tinted per seat; omphalos tokens; units as labelled tokens in
// their owner's colour), a dashboard per unit (Vitality, Offence/Defence/Range/Movement,
// talents, power, carrying/activated/petrified/dead/off map), each player's panel (side,
// omphalos absorbed, hand, deck, discard, omphalos cards, manoeuvres bought), the viewer's hand,
// and the ATTACK in progress with both assaults' dice (1-2 blank, 3-5 hit, 6 critical).
//
// Clicks and the actions they play:
//   an area on the map     move N, run N, enter N, claim N, throw N, thunderbolt N (at once when
//                          the area has one such action; else the area is selected and the
//                          command bar lists its actions)
//   a unit (map token or dashboard)
//                          attack U, activate U, guard U, swap U, lead U, recall U (likewise)
//   the command bar        every other legal action as a button (continue, pass, end, simple,
//                          complex, done, decline, helm, evade, retaliate, reroll F, keep, gaze,
//                          absorb, uproot, fetch, draw-cards, search, choose, recruit)
//   a card in the hand      activate U (its unit)
// Anything else falls back to the table's plain buttons. A click on something that is not a
// move now asks the server why (moves.refuse; the reason shows as a toast): an area the active
// unit cannot MOVE/RUN/ENTER/CLAIM to, an enemy it cannot ATTACK, a unit of yours that cannot
// activate or be recalled, a card of the hand, a unit the recruitment does not offer.
// The latest moves (ctx.recent) are marked .last-move: the unit activated, where it went, what
// it attacked or claimed, the area struck or thrown into, the troops recalled, the unit
// recruited. The view is read defensively: it may gain fields, and a missing one draws as
// empty. The styles are in css/mythic-battles.css.

import { h, svg } from "../dom.js";
import CATALOG from "/catalog/mythic-battles.js";
import { help, slugWords, titleCase } from "./help.js";

const AREA_VERBS = new Set(["move", "run", "enter", "claim", "throw", "thunderbolt"]);
const UNIT_VERBS = new Set(["attack", "activate", "guard", "swap", "lead", "recall"]);
const CELL = 120;
const PAD = 6;

const STEP_WORD = {
  "recruit-divinity": "Recruitment: divinities",
  "recruit-unit": "Recruitment: units",
  "pass-or-continue": "A: pass or continue",
  "first-activation": "B: first activation",
  "second-activation": "C: second activation",
  "simple-or-complex": "Simple or complex",
  "start-power": "Start-of-activation power",
  "simple-actions": "Simple actions",
  "attack-target": "The ATTACK's target",
  "complex-action": "Complex action",
  leader: "Leader",
  "leader-fetch": "Leader: the troops' card",
  "leader-activation": "Leader: activate the troops",
  recall: "D: recall",
  "search-window": "End of the turn: Search",
  block: "Block",
  over: "Game over",
};
const PHASE_WORD = {
  guard: "Guard",
  helm: "Helm of Darkness",
  evade: "Evade",
  retarget: "New target",
  initiative: "Initiative",
  uproot: "Force of Nature",
  "first-assault": "First assault",
  reroll: "Re-rolls",
  throw: "Mighty Throw",
  priority: "Which rule has priority",
  hold: "Block against the throw",
  thrown: "Mighty Throw",
  "second-assault": "Second assault",
  damage: "Damage",
  gaze: "Petrifying Gaze",
  retaliate: "Retaliation",
  finished: "Finished",
};
const STEP_HINT = {
  "recruit-divinity": "Choose your divinity.",
  "recruit-unit": "Recruit a unit with your recruitment points.",
  "pass-or-continue": "Continue your turn, or pass (draw a second card and end the turn).",
  "first-activation": "Click a unit to activate it (its activation card), buy a manoeuvre, or End.",
  "second-activation": "Second activation for an Art of War card: click a unit, or End.",
  "simple-or-complex": "Simple activation (up to two of move, attack, claim) or complex (run, absorb, enter)?",
  "start-power": "Master of Stratagems: click a friendly unit to swap areas with it, or Decline.",
  "simple-actions": "Click an area to move or claim, an enemy unit to attack — or Done.",
  "attack-target": "Force of Nature: click the ATTACK's target.",
  "complex-action": "Click an area to run or enter, or absorb an omphalos.",
  leader: "Leader: click friendly troops in the area to lead them, or Decline.",
  "leader-fetch": "Take an activation card for the led troops from your deck, or Decline.",
  "leader-activation": "Activate the led troops now, or Decline.",
  recall: "Click troops to recall them to your divinity, or End the turn.",
  "search-window": "The turn is over: Search for Card (an Art of War card), or Decline.",
  block: "Your Block would stop the active unit: Block (hold it for this activation), or Decline (let it go).",
};
const PHASE_HINT = {
  guard: "ATTACK: click a Guard unit to take the ATTACK, or Decline.",
  helm: "ATTACK: Helm of Darkness (an Art of War card), or Decline.",
  evade: "ATTACK: Evade for an Art of War card, or Decline.",
  retarget: "ATTACK: the target evaded: click another target, or Decline.",
  initiative: "ATTACK: Initiative: retaliate first, or Decline.",
  uproot: "ATTACK: Force of Nature: uproot a ruin or tree for +1 Offence in this retaliation, or Decline.",
  reroll: "ATTACK: re-roll a die of the first assault, or Keep.",
  throw: "ATTACK: Mighty Throw: click an area to throw the target into, or Decline.",
  priority: "Block and Mighty Throw conflict: choose which rule has priority for the rest of the game.",
  hold: "ATTACK: your Block would stop the throw: Block, or Decline (let it be thrown).",
  gaze: "ATTACK: Petrifying Gaze on the wounded unit, or Decline.",
  retaliate: "ATTACK: retaliate against the attacker, or Decline.",
};
const BUTTON_WORD = {
  continue: "Continue",
  pass: "Pass",
  simple: "Simple activation",
  complex: "Complex activation",
  done: "Done",
  decline: "Decline",
  helm: "Helm of Darkness",
  evade: "Evade",
  retaliate: "Retaliate",
  keep: "Keep the dice",
  gaze: "Petrifying Gaze",
  block: "Block",
};

// --- names -----------------------------------------------------------------------------------

function unitsOf(view) {
  return Array.isArray(view.units) ? view.units : [];
}

function unitById(view, id) {
  return unitsOf(view).find((u) => u.id === id) || null;
}

function unitName(view, id) {
  const unit = unitById(view, id);
  if (unit && unit.name) return unit.name;
  const data = CATALOG && CATALOG[id];
  return data && data.name ? data.name : id;
}

function cardName(view, id) {
  return id === "aow" ? "Art of War" : unitName(view, id);
}

/** Short, distinct labels for the map: "Her", "InfH". */
function shortNames(view) {
  const found = {};
  for (const unit of unitsOf(view)) {
    const words = String(unit.name || unit.id).split(/\s+/);
    found[unit.id] = words[0].slice(0, 3) + words.slice(1).map((w) => w[0] || "").join("");
  }
  const labels = Object.values(found);
  for (const [id, label] of Object.entries(found)) {
    if (labels.filter((l) => l === label).length > 1) found[id] = id.slice(0, 5);
  }
  return found;
}

function seatNameOf(view, seat) {
  const players = (view && view.players) || [];
  const army = players[seat] && players[seat].army;
  const god = army && army.length ? unitName(view, army[0]) : null;
  return god ? `P${seat} ${god}` : `P${seat}`;
}

function perArea(list, area) {
  return Array.isArray(list) && area - 1 < list.length ? Number(list[area - 1]) || 0 : 0;
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// --- help: the units' full text ----------------------------------------------------------------
//
// The catalogue (/catalog/mythic-battles.js, the game's Game.catalog()) gives every printed
// thing by id with its type: each unit's numbers, talents and power (ids), each power's
// name, timing, cost and text, each talent's and manoeuvre's text, and the Art of War card's.

/** The catalogue entry ``id`` if it is of ``type`` ("unit", "power", "talent", "manoeuvre", "card"). */
function entryOf(id, type) {
  const entry = CATALOG && CATALOG[id];
  return entry && entry.type === type ? entry : null;
}

function talentText(slug) {
  const entry = entryOf(slug, "talent");
  return entry ? entry.text : null;
}

function talentName(slug) {
  const entry = entryOf(slug, "talent");
  return entry && entry.name ? entry.name : slugWords(slug);
}

const TIMING = { permanent: "permanent", start: "at the start of its activation", invoke: "invoked" };

function talentSpec(slug) {
  const entry = entryOf(slug, "talent");
  return {
    title: talentName(slug),
    kind: "Talent",
    text: talentText(slug) || "See the rules (Rules, at the top): Talents.",
    notes: entry && (entry.units || []).length ? [`Units with it: ${entry.units.map((u) => unitName({}, u)).join(", ")}.`] : [],
  };
}

/** A unit's power: {name, meta ("invoked, 2 Art of War cards"), text} from the view or the catalogue. */
function powerOf(data) {
  if (!data || !data.power) return null;
  const entry = entryOf(data.power, "power") || {};
  const timing = entry.timing ? TIMING[entry.timing] || entry.timing : null;
  const cost = entry.timing === "invoke" && entry.cost ? `${plural(entry.cost, "Art of War card")}` : null;
  return {
    name: data.power_name || entry.name || slugWords(data.power),
    meta: [timing, cost].filter(Boolean).join(", ") || null,
    text: data.power_text || entry.text || null,
  };
}

function powerSpec(data) {
  const power = powerOf(data);
  if (!power) return null;
  return {
    title: power.name,
    kind: `Power of ${data.name || data.id}${power.meta ? ` (${power.meta})` : ""}`,
    text: power.text || "See the rules (Rules, at the top): Powers.",
  };
}

const KIND_WORD = { god: "Divinity", hero: "Hero", monster: "Monster", troops: "Troops" };

/** Everything a unit's dashboard says, from the view (a recruited unit) or the catalogue. */
function unitSpec(view, id, seatName = null) {
  const unit = unitById(view, id);
  const data = { ...((CATALOG && CATALOG[id]) || {}), ...(unit || {}) };
  if (!data.name) return { title: id };
  const power = powerOf(data);
  const where = unit ? (unit.dead ? "dead" : unit.area ? `in area ${unit.area}` : unit.entered ? "off the map" : "not entered yet") : null;
  const states = unit
    ? [
        unit.carrying ? "carrying an omphalos" : null,
        unit.activated ? "activated this turn" : null,
        unit.petrified ? "petrified" : null,
        unit.evaded ? "evaded this turn" : null,
      ].filter(Boolean)
    : [];
  const catalogue = (CATALOG && CATALOG[id]) || {};
  return {
    title: data.name,
    kind: [
      KIND_WORD[data.kind] || titleCase(data.kind),
      data.cost ? `${data.cost} RP` : data.kind === "god" ? "free (the army's divinity)" : null,
      data.flying ? "flying" : null,
      unit && seatName ? seatName(unit.owner) : null,
    ]
      .filter(Boolean)
      .join(" · "),
    stats: [
      [data.offence, "Offence", "dice rolled in the first assault"],
      [data.defence, "Defence", "hits needed for each wound"],
      [data.range, "Range", "areas away it may ATTACK (0: its own area)"],
      [data.movement, "Movement", "areas it may MOVE"],
      [unit ? `${unit.vitality}/${unit.max_vitality}` : data.vitality, "Vitality", "wounds it can take"],
      data.miniatures > 1 ? [data.miniatures, "miniatures", "troops: one miniature per wound"] : null,
    ],
    sections: [
      ...(data.talents || []).map((t) => ({
        key: `talent-${t}`,
        label: `Talent: ${talentName(t)}`,
        text: talentText(t) || "See the rules (Rules, at the top): Talents.",
      })),
      power
        ? { key: "power", label: `Power: ${power.name}`, meta: power.meta ? `(${power.meta})` : null, text: power.text || "See the rules (Rules, at the top): Powers." }
        : null,
    ],
    notes: [
      where || states.length ? `Now: ${[where, ...states].filter(Boolean).join(", ")}.` : null,
      catalogue.activation !== undefined
        ? `Brings ${plural(catalogue.activation, "activation card")}${catalogue.aow ? ` and ${plural(catalogue.aow, "Art of War card")}` : ""} to its owner's deck.`
        : null,
    ],
  };
}

/** The manoeuvres bought with Art of War cards, in the catalogue's order. */
function manoeuvres() {
  return Object.values(CATALOG || {}).filter((e) => e && e.type === "manoeuvre");
}

function handCardSpec(view, id) {
  if (id === "aow") {
    return {
      title: "Art of War",
      kind: "Art of War card",
      text: (entryOf("aow", "card") || {}).text || "Discard it to buy a manoeuvre (each manoeuvre once a turn per player).",
      sections: manoeuvres().map((m) => ({
        key: `manoeuvre-${m.id}`,
        label: m.name,
        meta: `(${m.cost === null || m.cost === undefined ? "cost as the power says" : plural(m.cost, "Art of War card")}; ${m.when})`,
        text: m.text,
      })),
    };
  }
  const unit = unitSpec(view, id);
  return {
    ...unit,
    kind: `Activation card of ${unit.title}`,
    text: `Discard it to activate ${unit.title} (at most once a turn; not while dead or petrified).`,
  };
}

// --- legal actions ---------------------------------------------------------------------------

function parseMoves(moves) {
  const areas = new Map(); // area -> [actions]
  const units = new Map(); // unit id -> [actions]
  const buttons = [];
  for (const action of moves.enabled ? moves.legal : []) {
    const [verb, arg] = action.split(" ");
    if (AREA_VERBS.has(verb) && arg && /^\d+$/.test(arg)) {
      const area = Number(arg);
      if (!areas.has(area)) areas.set(area, []);
      areas.get(area).push(action);
    } else if (UNIT_VERBS.has(verb) && arg) {
      if (!units.has(arg)) units.set(arg, []);
      units.get(arg).push(action);
    } else buttons.push(action);
  }
  return { areas, units, buttons };
}

function actionWords(view, action) {
  const [verb, arg] = action.split(" ");
  switch (verb) {
    case "move":
      return `Move to area ${arg}`;
    case "run":
      return `Run to area ${arg}`;
    case "enter":
      return `Enter area ${arg}`;
    case "claim":
      return `Claim the omphalos in area ${arg}`;
    case "throw":
      return `Throw the target into area ${arg}`;
    case "thunderbolt":
      return `Thunderbolt on area ${arg}`;
    case "attack":
      return `Attack ${unitName(view, arg)}`;
    case "activate":
      return `Activate ${unitName(view, arg)}`;
    case "guard":
      return `Guard with ${unitName(view, arg)}`;
    case "swap":
      return `Swap with ${unitName(view, arg)}`;
    case "lead":
      return `Lead ${unitName(view, arg)}`;
    case "fetch":
      return `Take an activation card for ${unitName(view, arg)}`;
    case "recall":
      return `Recall ${unitName(view, arg)}`;
    case "reroll":
      return `Re-roll a ${arg}`;
    case "absorb":
      if (arg === "card") return "Absorb an omphalos card";
      return arg === "ground" ? "Absorb the omphalos here" : `Absorb the omphalos ${unitName(view, arg)} carries`;
    case "uproot":
      return `Uproot the ${arg} (Force of Nature)`;
    case "draw-cards":
      return `Draw ${plural(Number(arg), "card")} (Art of War)`;
    case "search":
      return `Search for ${cardName(view, arg)}`;
    case "priority":
      return arg === "block" ? "Block has priority" : "Mighty Throw has priority";
    case "choose":
      return `Choose ${unitName(view, arg)}`;
    case "recruit": {
      const data = (CATALOG && CATALOG[arg]) || {};
      return `Recruit ${unitName(view, arg)}${data.cost !== undefined ? ` (${data.cost} RP, ${data.kind})` : ""}`;
    }
    case "end":
      return view.step === "recall" ? "End the turn" : "End (to recall)";
    default:
      return BUTTON_WORD[verb] || action;
  }
}

/** The selection (an area or a unit with several actions), cleared after each move. */
function selection(ctx, parsed) {
  const { ui, payload } = ctx;
  if (ui.mbSeq !== payload.seq) {
    ui.mbSeq = payload.seq;
    ui.mbSel = null;
  }
  const sel = ui.mbSel;
  if (!sel) return null;
  const actions = sel.kind === "area" ? parsed.areas.get(Number(sel.key)) : parsed.units.get(sel.key);
  if (!actions || actions.length < 2) {
    ui.mbSel = null;
    return null;
  }
  return { ...sel, actions };
}

// --- the latest moves and the refused clicks ----------------------------------------------------

const AREA_MARKS = new Set(["move", "run", "enter", "claim", "thunderbolt", "throw"]);
const UNIT_MARKS = new Set(["activate", "attack", "guard", "swap", "lead", "fetch", "recall", "recruit", "choose"]);

/** What the latest moves (``recent``: {step, seat, action}, oldest first) touched: the areas
 * and the units to mark .last-move. A MOVE/RUN/ENTER/CLAIM/ATTACK is the unit activated last
 * (or the view's active unit) acting. */
export function recentMarks(recent, view) {
  const areas = new Set();
  const units = new Set();
  let actor = null;
  for (const entry of Array.isArray(recent) ? recent : []) {
    const [verb, arg] = String((entry && entry.action) || "").split(" ");
    const acting = () => actor || (view && view.activation ? view.activation.unit : null);
    if (AREA_MARKS.has(verb) && /^\d+$/.test(arg || "")) {
      areas.add(Number(arg));
      if (verb !== "throw" && acting()) units.add(acting());
    } else if (UNIT_MARKS.has(verb) && arg) {
      units.add(arg);
      if (verb === "activate" || verb === "lead") actor = arg;
      if ((verb === "attack" || verb === "swap") && acting()) units.add(acting());
    } else if (verb === "absorb") {
      if (acting()) units.add(acting());
      if (arg && unitById(view || {}, arg)) units.add(arg);
    }
  }
  return { areas, units };
}

function marked(ctx, kind, key) {
  const marks = ctx.mbMarks;
  if (!marks) return false;
  return kind === "area" ? marks.areas.has(Number(key)) : marks.units.has(key);
}

/** The move a click on an area or a unit would be now, when it is not a legal one: asked to
 * the server for its reason (moves.refuse). Null where a click means nothing now. */
function tried(ctx, kind, key) {
  const { view, moves } = ctx;
  if (!moves.enabled || !moves.explain) return null;
  const attacks = view.attacks || [];
  const top = attacks.length ? attacks[attacks.length - 1] : null;
  const act = view.activation;
  const active = act ? unitById(view, act.unit) : null;
  if (kind === "area") {
    const area = Number(key);
    if (top) return top.phase === "throw" ? `throw ${area}` : null;
    if (!active) return null;
    if (view.step === "simple-actions") {
      const omphalos = perArea((view.map || {}).omphalos, area);
      return active.area === area && omphalos && active.kind !== "god" ? `claim ${area}` : `move ${area}`;
    }
    if (view.step === "complex-action") return active.area ? `run ${area}` : `enter ${area}`;
    return null;
  }
  const unit = unitById(view, key);
  if (!unit) return null;
  const mine = unit.owner === ctx.seat;
  if (top) {
    if (top.phase === "retarget" && !mine) return `attack ${key}`;
    if (top.phase === "guard" && mine) return `guard ${key}`;
    return null;
  }
  switch (view.step) {
    case "first-activation":
    case "second-activation":
      return mine ? `activate ${key}` : null;
    case "simple-actions":
    case "attack-target":
      return mine || !unit.area ? null : `attack ${key}`;
    case "recall":
      return mine && unit.kind === "troops" ? `recall ${key}` : null;
    case "start-power":
      return unit.id === (act && act.unit) ? null : `swap ${key}`;
    case "leader":
      return unit.kind === "troops" ? `lead ${key}` : null;
    default:
      return null;
  }
}

/** Bind an element to its actions: one plays at once, several select it, none: a click says
 * why the move it would be is not one now. */
function offer(ctx, el, kind, key, actions, label) {
  if (marked(ctx, kind, key)) el.classList.add("last-move");
  if (!actions || !actions.length) {
    const action = tried(ctx, kind, key);
    if (action) ctx.moves.refuse(el, action);
    return el;
  }
  if (actions.length === 1) {
    ctx.moves.bind(el, actions[0], { label: actionWords(ctx.view, actions[0]) });
    return el;
  }
  ctx.moves.cover(actions);
  el.classList.add("actionable", "mb-selectable");
  el.dataset.select = `${kind}:${key}`;
  el.tabIndex = 0;
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", `${label}: ${actions.length} moves`);
  if (ctx.ui.mbSel && ctx.ui.mbSel.kind === kind && String(ctx.ui.mbSel.key) === String(key)) el.classList.add("mb-selected");
  const pick = (event) => {
    event.preventDefault();
    event.stopPropagation();
    const same = ctx.ui.mbSel && ctx.ui.mbSel.kind === kind && String(ctx.ui.mbSel.key) === String(key);
    ctx.ui.mbSel = same ? null : { kind, key };
    ctx.rerender();
  };
  el.addEventListener("click", pick);
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") pick(event);
  });
  return el;
}

// --- the map ---------------------------------------------------------------------------------

function treeGlyph(x, y) {
  return svg(
    "g",
    { class: "mb-tree", transform: `translate(${x},${y})` },
    svg("title", null, "trees (block line of sight)"),
    svg("rect", { x: -1.5, y: 4, width: 3, height: 5, fill: "#6b4a2b" }),
    svg("path", { d: "M0 -9 L7 5 L-7 5 Z", fill: "#3f9a4f", stroke: "#1d4f27", "stroke-width": 1 }),
  );
}

function ruinGlyph(x, y) {
  return svg(
    "g",
    { class: "mb-ruin", transform: `translate(${x},${y})` },
    svg("title", null, "ruins (cover)"),
    svg("rect", { x: -8, y: 5, width: 16, height: 3, fill: "#b8ad94" }),
    svg("rect", { x: -7, y: -6, width: 3.5, height: 11, fill: "#d8cfb8" }),
    svg("rect", { x: 3.5, y: -2, width: 3.5, height: 7, fill: "#d8cfb8" }),
    svg("rect", { x: -8, y: -8, width: 6, height: 2.5, fill: "#b8ad94" }),
  );
}

function omphalosToken(x, y, count, title) {
  return svg(
    "g",
    { class: "mb-omphalos", transform: `translate(${x},${y})`, "data-omphalos": count },
    svg("title", null, title),
    svg("circle", { r: 8, fill: "#f2c14e", stroke: "#7a5a12", "stroke-width": 1.5 }),
    svg("circle", { r: 3, fill: "#fff4c8" }),
    count > 1 ? svg("text", { x: 11, y: 4, class: "mb-omph-count" }, `×${count}`) : null,
  );
}

function unitToken(ctx, unit, x, y, label, parsed) {
  const colour = ctx.colour(unit.owner);
  const tip = `${unit.name || unit.id} (${ctx.seatName(unit.owner)}) — Vitality ${unit.vitality}/${unit.max_vitality}${unit.carrying ? ", carrying an omphalos" : ""}${unit.petrified ? ", petrified" : ""}${unit.activated ? ", activated" : ""}`;
  const el = svg(
    "g",
    {
      class: ["mb-token", unit.activated ? "mb-activated" : null, unit.petrified ? "mb-petrified" : null].filter(Boolean).join(" "),
      transform: `translate(${x},${y})`,
      "data-unit": unit.id,
      "data-owner": unit.owner,
    },
    svg("title", null, tip),
    svg("rect", { x: -26, y: -11, width: 52, height: 22, rx: 6, fill: colour, class: "mb-token-body" }),
    svg("text", { x: 0, y: 4, "text-anchor": "middle", class: "mb-token-text" }, `${label} ${unit.vitality}`),
    unit.carrying ? svg("circle", { cx: 24, cy: -9, r: 5, fill: "#f2c14e", stroke: "#7a5a12", class: "mb-carry" }) : null,
  );
  help(el, () => unitSpec(ctx.view, unit.id, ctx.seatName));
  offer(ctx, el, "unit", unit.id, parsed.units.get(unit.id), unit.name || unit.id);
  // A refused token answers for itself: the area under it does not answer the same click.
  if (el.dataset.refused !== undefined) el.addEventListener("click", (event) => event.stopPropagation());
  return el;
}

function mapSvg(ctx, parsed, sel) {
  const { view } = ctx;
  const board = view.map || {};
  const columns = Number(board.columns) || 1;
  const rows = Number(board.rows) || 1;
  const impenetrable = new Set(board.impenetrable || []);
  const zones = new Map();
  (board.zones || []).forEach((zone, seat) => (zone || []).forEach((area, k) => {
    if (!zones.has(area)) zones.set(area, []);
    zones.get(area).push({ seat, first: k === 0 });
  }));
  const short = shortNames(view);
  const width = columns * CELL + 2 * PAD;
  const height = rows * CELL + 2 * PAD;
  const defs = svg(
    "defs",
    null,
    svg(
      "pattern",
      { id: "mb-hatch", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      svg("rect", { width: 8, height: 8, fill: "#2a2f3c" }),
      svg("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: "#4b5368", "stroke-width": 4 }),
    ),
  );
  const cells = [];
  for (let area = 1; area <= columns * rows; area += 1) {
    const row = Math.floor((area - 1) / columns);
    const column = (area - 1) % columns;
    const x = PAD + column * CELL;
    const y = PAD + row * CELL;
    const here = zones.get(area) || [];
    const wall = impenetrable.has(area);
    const omph = perArea(board.omphalos, area);
    const ruins = perArea(board.ruins, area);
    const trees = perArea(board.trees, area);
    const tipParts = [`Area ${area}`];
    if (wall) tipParts.push("impenetrable (Climb or flying only)");
    if (ruins) tipParts.push(plural(ruins, "ruin"));
    if (trees) tipParts.push(trees > 1 ? `${trees} trees` : "trees");
    if (omph) tipParts.push(plural(omph, "omphalos token"));
    for (const z of here) tipParts.push(`deployment zone of ${ctx.seatName(z.seat)}${z.first ? " (divinity start)" : ""}`);
    const units = unitsOf(view).filter((u) => u.area === area && !u.dead);
    const g = svg(
      "g",
      {
        class: ["mb-area", wall ? "mb-impenetrable" : null].filter(Boolean).join(" "),
        "data-area": area,
        "data-zone": here.length ? here.map((z) => z.seat).join(",") : null,
      },
      svg("title", null, tipParts.join(" · ")),
      svg("rect", { x, y, width: CELL, height: CELL, class: "mb-cell", fill: wall ? "url(#mb-hatch)" : "#1b2236" }),
      here.map((z) =>
        svg("rect", {
          x: x + 2,
          y: y + 2,
          width: CELL - 4,
          height: CELL - 4,
          fill: ctx.colour(z.seat),
          "fill-opacity": 0.16,
          stroke: ctx.colour(z.seat),
          "stroke-opacity": 0.55,
          "stroke-width": 2,
          "stroke-dasharray": "5 4",
          class: "mb-zone",
          "data-seat": z.seat,
        }),
      ),
      svg("text", { x: x + 7, y: y + 18, class: "mb-area-number" }, String(area)),
      here.length
        ? svg("text", { x: x + 34, y: y + 17, class: "mb-zone-label", fill: ctx.colour(here[0].seat) }, here.map((z) => `Z${z.seat}`).join(" "))
        : null,
      omph ? omphalosToken(x + CELL - 22, y + 15, omph, `${plural(omph, "omphalos token")} in area ${area}`) : null,
      ruins ? ruinGlyph(x + CELL - 20, y + 40) : null,
      trees ? treeGlyph(x + CELL - (ruins ? 42 : 20), y + 40) : null,
      units.map((unit, k) =>
        unitToken(ctx, unit, x + 31 + (k % 2) * 58, y + 62 + Math.floor(k / 2) * 26 - (units.length > 4 ? 10 : 0), short[unit.id] || unit.id, parsed),
      ),
    );
    help(g, () => ({
      title: `Area ${area}`,
      kind: wall ? "impenetrable: Climb or flying units only" : here.length ? "deployment zone" : "open ground",
      notes: [
        ...tipParts.slice(1).filter((t) => !t.startsWith("impenetrable")).map((t) => `${titleCase(t)}.`),
        ruins ? "Ruins: cover against ATTACKs from another area." : null,
        trees ? "Trees: block the line of sight through this area." : null,
        units.length ? `Units: ${units.map((u) => `${u.name} (${ctx.seatName(u.owner)})`).join(", ")}.` : "No units.",
      ],
    }), { delay: 900 });
    offer(ctx, g, "area", area, parsed.areas.get(area), `Area ${area}`);
    if (parsed.areas.has(area)) g.classList.add("mb-target");
    if (sel && sel.kind === "area" && Number(sel.key) === area) g.classList.add("mb-selected");
    cells.push(g);
  }
  const cliffs = (board.cliffs || []).map(([a, b]) => {
    const lo = Math.min(a, b);
    const hi = Math.max(a, b);
    const row = Math.floor((lo - 1) / columns);
    const column = (lo - 1) % columns;
    let x1;
    let y1;
    let x2;
    let y2;
    if (hi - lo === 1) {
      x1 = x2 = PAD + (column + 1) * CELL;
      y1 = PAD + row * CELL;
      y2 = y1 + CELL;
    } else {
      y1 = y2 = PAD + (row + 1) * CELL;
      x1 = PAD + column * CELL;
      x2 = x1 + CELL;
    }
    return svg(
      "line",
      { x1, y1, x2, y2, class: "mb-cliff", "data-cliff": `${lo}-${hi}` },
      svg("title", null, `cliff between areas ${lo} and ${hi} (Climb or flying only)`),
    );
  });
  return svg(
    "svg",
    {
      id: "mb-map",
      class: "mb-map",
      viewBox: `0 0 ${width} ${height}`,
      width,
      height,
      role: "img",
      "aria-label": `${board.name || "Map"}: ${columns} by ${rows} areas`,
      "data-columns": columns,
      "data-rows": rows,
    },
    defs,
    cells,
    svg("g", { class: "mb-cliffs", "pointer-events": "none" }, cliffs),
  );
}

// --- dashboards and panels ------------------------------------------------------------------

function stat(value, label, tip) {
  return h("span.mb-stat", { "aria-label": `${tip}: ${value}`, data: { stat: label } }, h("b", null, String(value)), h("small", null, label));
}

function dashboard(ctx, unit, parsed) {
  const where = unit.dead ? "dead" : unit.area ? `area ${unit.area}` : "off map";
  const flags = [
    unit.carrying ? ["carrying", "carrying an omphalos"] : null,
    unit.activated ? ["activated", "activated this turn"] : null,
    unit.petrified ? ["petrified", "petrified"] : null,
    unit.evaded ? ["evaded", "evaded this turn"] : null,
    unit.flying ? ["flying", "flying"] : null,
    unit.dead ? ["dead", "dead"] : null,
    !unit.dead && !unit.area ? ["off map", unit.entered ? "off the map" : "not entered yet"] : null,
  ].filter(Boolean);
  const max = Number(unit.max_vitality) || 1;
  const el = h(
    "div.mb-unit",
    {
      class: [unit.dead ? "mb-dead" : null, unit.activated ? "mb-activated" : null],
      style: { "--seat": ctx.colour(unit.owner) },
      data: { unit: unit.id, owner: unit.owner, where },
    },
    h("div.mb-unit-head", null, h("span.mb-unit-name", null, unit.name || unit.id), h("span.mb-unit-kind", null, unit.kind || ""), h("span.mb-where", null, where)),
    h(
      "div.mb-vitality",
      { data: { vitality: `${unit.vitality}/${unit.max_vitality}` } },
      h("span.mb-bar", null, h("span.mb-bar-fill", { style: { width: `${Math.max(0, Math.min(100, (100 * unit.vitality) / max))}%` } })),
      `Vitality ${unit.vitality}/${unit.max_vitality}`,
    ),
    h(
      "div.mb-stats",
      null,
      stat(unit.offence, "Off", "Offence: dice rolled"),
      stat(unit.defence, "Def", "Defence: hits needed per wound"),
      stat(unit.range, "Rng", "Range in areas"),
      stat(unit.movement, "Mov", "Movement in areas"),
    ),
    (unit.talents || []).length
      ? h("div.mb-talents", null, unit.talents.map((t) => help(h("span.mb-talent", { data: { talent: t } }, talentName(t)), () => talentSpec(t))))
      : null,
    unit.power_name || unit.power
      ? help(h("div.mb-power", { data: { power: unit.power } }, "Power: ", h("b", null, unit.power_name || slugWords(unit.power))), () => powerSpec(unit))
      : null,
    flags.length ? h("div.mb-flags", null, flags.map(([word, tip]) => h("span.mb-flag", { "aria-label": tip, data: { flag: word } }, word))) : null,
  );
  help(el, () => unitSpec(ctx.view, unit.id, ctx.seatName), { button: true, label: unit.name || unit.id });
  offer(ctx, el, "unit", unit.id, parsed.units.get(unit.id), unit.name || unit.id);
  return el;
}

/** Each side's omphalos counted toward its victory: every token absorbed, and absorbed
 * omphalos cards up to the scenario's number (MB-RULING-OMPHALOS-CARDS). */
function sideTotals(view) {
  const tokens = new Map();
  const cards = new Map();
  for (const p of view.players || []) {
    const side = p.side ?? p.seat;
    const fromCards = Number(p.absorbed_cards) || 0;
    cards.set(side, (cards.get(side) || 0) + fromCards);
    tokens.set(side, (tokens.get(side) || 0) + (Number(p.absorbed) || 0) - fromCards);
  }
  const totals = new Map();
  for (const [side, count] of tokens) {
    const limit = view.omphalos_cards_counted ?? cards.get(side);
    totals.set(side, count + Math.min(cards.get(side), limit));
  }
  return totals;
}

/** [card, count] for each kind of card in ``cards``, in the order first held. */
function handGroups(cards) {
  const counts = new Map();
  for (const c of cards || []) counts.set(c, (counts.get(c) || 0) + 1);
  return [...counts];
}

function groupCards(view, cards) {
  return handGroups(cards).map(([c, n]) => `${cardName(view, c)}${n > 1 ? ` ×${n}` : ""}`).join(", ");
}

function playerPanel(ctx, entry, parsed) {
  const { view } = ctx;
  const seat = entry.seat;
  const mine = ctx.seat === seat;
  const totals = sideTotals(view);
  const side = entry.side ?? seat;
  const sideTotal = totals.get(side) || 0;
  const target = view.omphalos_to_win ?? "?";
  const army = entry.army || [];
  const units = army.map((id) => unitById(view, id)).filter(Boolean);
  const known = entry.known_hand || [];
  const res = (key, value, label, tip) => h("span.mb-res", { data: { res: key }, title: tip }, h("b", null, String(value)), ` ${label}`);
  return h(
    "section.mb-player",
    {
      class: [mine ? "me" : null, entry.out ? "mb-out" : null, view.turn_player === seat ? "turn" : null],
      style: { "--seat": ctx.colour(seat) },
      data: { seat },
    },
    h(
      "header.mb-player-head",
      null,
      h("span.seat-dot"),
      h("span.mb-player-name", null, ctx.seatName(seat)),
      h("span.chip", { data: { side } }, `side ${side}`),
      mine ? h("span.you-tag", null, "you") : null,
      view.turn_player === seat && !view.terminal ? h("span.faction-tag", null, "turn") : null,
      !view.terminal && view.current_player === seat ? h("span.faction-tag", null, "to act") : null,
      entry.out ? h("span.faction-tag", null, "out") : null,
      view.terminal && (view.winners || []).includes(seat) ? h("span.faction-tag", null, "winner") : null,
    ),
    h(
      "div.mb-resources",
      null,
      h(
        "span.mb-res.mb-absorbed",
        { data: { res: "absorbed" }, title: "omphalos absorbed (the side's total decides)" },
        h("b", null, String(entry.absorbed ?? 0)),
        sideTotal !== (entry.absorbed ?? 0) ? ` (side counts ${sideTotal})` : "",
        ` / ${target} omphalos`,
      ),
      res("hand", entry.hand_count ?? (entry.hand || []).length, "in hand", "cards in hand"),
      res("deck", entry.deck_count ?? 0, "in deck", "cards left in the deck"),
      res("discard", (entry.discard || []).length, "discarded", (entry.discard || []).map((c) => cardName(view, c)).join(", ") || "discard pile"),
      res("omphalos-cards", entry.omphalos_cards ?? 0, "omphalos cards", "omphalos cards (the divinity may ABSORB one)"),
      entry.rp ? res("rp", entry.rp, "RP", "recruitment points left") : null,
    ),
    (entry.bought || []).length ? h("div.mb-bought", { data: { bought: entry.bought.join(",") } }, "Bought this turn: ", entry.bought.join(", ")) : null,
    !mine && known.length ? h("div.mb-known", null, "Known in hand: ", groupCards(view, known)) : null,
    h("div.mb-units", null, units.map((unit) => dashboard(ctx, unit, parsed))),
  );
}

function handZone(ctx) {
  const { view } = ctx;
  if (ctx.seat === null || ctx.seat === undefined) return null;
  const me = (view.players || [])[ctx.seat];
  if (!me || !Array.isArray(me.hand)) return null;
  return h(
    "section.mb-hand#mb-hand",
    null,
    h("h3", null, `Your hand (${me.hand.length})`),
    me.hand.length
      ? h(
          "div.mb-cards",
          null,
          // One chip per kind of card, with how many are held: copies play alike.
          handGroups(me.hand).map(([id, count]) => {
            const card = help(
              h(
                "span.mb-card",
                { class: id === "aow" ? "mb-aow" : null, data: { card: id, count } },
                cardName(view, id),
                count > 1 ? h("span.mb-count", { title: `${count} in hand` }, `×${count}`) : null,
              ),
              () => handCardSpec(view, id),
              { button: true, label: count > 1 ? `${cardName(view, id)} (${count})` : cardName(view, id) },
            );
            // An activation card plays its unit's activation (or says why it cannot now).
            if (id !== "aow" && ctx.moves.enabled) ctx.moves.bind(card, `activate ${id}`, { label: `Activate ${cardName(view, id)}` });
            return card;
          }),
        )
      : h("p.muted", null, "No cards in hand."),
  );
}

function dieFace(face) {
  const kind = face >= 6 ? "crit" : face >= 3 ? "hit" : "blank";
  const word = { crit: "critical (rolls again)", hit: "hit", blank: "blank" }[kind];
  return h(`span.mb-die.mb-${kind}`, { data: { face }, title: `${face}: ${word}` }, String(face));
}

function diceRow(label, faces, role) {
  const list = faces || [];
  const hits = list.filter((f) => f >= 3).length;
  const crits = list.filter((f) => f >= 6).length;
  return h(
    "div.mb-dice",
    { data: { assault: role } },
    h("span.mb-dice-label", null, `${label}:`),
    list.length ? list.map(dieFace) : h("span.muted", null, "—"),
    list.length ? h("span.mb-dice-sum", null, `${plural(hits, "hit")}${crits ? `, ${crits} critical` : ""}`) : null,
  );
}

function attackPanel(ctx) {
  const { view } = ctx;
  const attacks = view.attacks || [];
  if (!attacks.length) return null;
  const who = (id) => {
    const unit = unitById(view, id);
    return help(
      h("span.mb-who", { data: { unit: id }, style: { "--seat": ctx.colour(unit ? unit.owner : -1) } }, h("span.seat-dot"), unitName(view, id)),
      () => unitSpec(view, id, ctx.seatName),
    );
  };
  return h(
    "section.mb-attack#mb-attack",
    { data: { phase: attacks[attacks.length - 1].phase, depth: attacks.length } },
    attacks.map((attack, k) =>
      h(
        "div.mb-attack-one",
        { data: { attacker: attack.attacker, targets: (attack.targets || []).join(","), phase: attack.phase, current: k === attacks.length - 1 ? "1" : null } },
        h(
          "header.mb-attack-head",
          null,
          h("b", null, attack.retaliation ? "Retaliation" : attack.area_attack ? "Thunderbolt" : "ATTACK"),
          who(attack.attacker),
          h("span", null, attack.retaliation ? " strikes back at " : " attacks "),
          (attack.targets || []).map(who),
          h("span.chip", null, PHASE_WORD[attack.phase] || attack.phase),
          h("span.chip", null, `distance ${attack.distance ?? "?"}`),
        ),
        diceRow("First assault", attack.first_assault, "first"),
        diceRow("Second assault", attack.second_assault, "second"),
      ),
    ),
    h("div.muted.mb-dice-key", null, "Dice: 1-2 blank · 3-5 hit · 6 critical (rolls a die in the second assault)"),
  );
}

function statusLine(ctx) {
  const { view } = ctx;
  const act = view.activation;
  const turn = view.turn_player;
  return h(
    "div.mb-status",
    null,
    h("span.chip", { data: { round: view.round } }, `Round ${view.round ?? 0}/${view.max_rounds ?? "?"}`),
    turn !== null && turn !== undefined && turn >= 0 && !view.terminal
      ? h("span.chip", { style: { "--seat": ctx.colour(turn) } }, h("span.seat-dot"), `${ctx.seatName(turn)}'s turn`)
      : null,
    h("span.chip", { data: { step: view.step } }, STEP_WORD[view.step] || view.step || ""),
    view.terminal ? null : h("span.chip", null, `activations ${view.activations ?? 0}/2`),
    act
      ? h(
          "span.chip.mb-activation",
          { data: { unit: act.unit, mode: act.mode || null } },
          `Active: ${unitName(view, act.unit)}${act.mode ? ` (${act.mode})` : ""}${(act.done || []).length ? ` — done: ${act.done.join(", ")}` : ""}`,
        )
      : null,
    h(
      "span.chip",
      { title: view.first_kill_wins ? "The first divinity killed ends the game: its killer's side wins." : null },
      `${(view.map || {}).name || "map"} · ${view.omphalos_to_win ?? "?"} omphalos to win${view.first_kill_wins ? " · first kill wins" : ""}`,
    ),
  );
}

function payloadSeq(ctx) {
  return ctx.payload ? ctx.payload.seq : null;
}

function commandBar(ctx, parsed, sel) {
  const { view, moves } = ctx;
  const parts = [];
  if (sel) {
    const what = sel.kind === "area" ? `Area ${sel.key}` : unitName(view, sel.key);
    parts.push(h("span.command-title", null, `${what}:`));
    for (const action of sel.actions) parts.push(moves.button(action, actionWords(view, action), "mb-choice"));
    parts.push(
      h(
        "button.move.mb-cancel",
        {
          type: "button",
          onclick: () => {
            ctx.ui.mbSel = null;
            ctx.rerender();
          },
        },
        "Cancel",
      ),
    );
  }
  // Search for Card is open at almost every decision: one button opens its cards, so the
  // prompt's own answers stay in front.
  const searches = parsed.buttons.filter((a) => a.startsWith("search "));
  const buttons = parsed.buttons
    .filter((a) => !a.startsWith("search ") || searches.length < 2)
    .map((action) => moves.button(action, actionWords(view, action), `mb-${action.split(" ")[0]}`));
  if (searches.length >= 2) {
    const open = ctx.ui.mbSearch === payloadSeq(ctx);
    buttons.push(
      h(
        "button.move.mb-search-toggle",
        {
          type: "button",
          "aria-expanded": open ? "true" : "false",
          onclick: () => {
            ctx.ui.mbSearch = open ? null : payloadSeq(ctx);
            ctx.rerender();
          },
        },
        open ? "Search for Card ▴" : "Search for Card… (1 Art of War)",
      ),
    );
    if (open) buttons.push(...searches.map((action) => moves.button(action, actionWords(view, action), "mb-search")));
    else moves.cover(searches);
  }
  if (!parts.length && !buttons.length && !parsed.areas.size && !parsed.units.size) return null;
  const hint = !sel && !buttons.length ? instruction({ view }) : null;
  return h(
    "div.command.mb-command#mb-command",
    { data: { selected: sel ? `${sel.kind}:${sel.key}` : null } },
    parts,
    buttons,
    hint ? h("span.hint", null, hint) : null,
  );
}

// --- recruitment ------------------------------------------------------------------------------

const KIND_ORDER = { god: 0, hero: 1, monster: 2, troops: 3 };
const RECRUIT_STEPS = new Set(["recruit-divinity", "recruit-unit"]);

/** The recruitment step: every unit of the roster with its cost and numbers, the RP left; the
 * legal picks are buttons, the others say why not (taken, too dear). */
function recruitPanel(ctx, parsed) {
  const { view, moves } = ctx;
  if (!RECRUIT_STEPS.has(view.step) || view.terminal) return null;
  const divinity = view.step === "recruit-divinity";
  const players = view.players || [];
  const picker = view.current_player;
  const entry = players[picker] || null;
  const rp = entry ? entry.rp ?? 0 : 0;
  const mine = ctx.seat !== null && ctx.seat !== undefined && picker === ctx.seat;
  const taken = new Map();
  for (const p of players) for (const id of p.army || []) taken.set(id, p.seat);
  const picks = new Map();
  for (const action of moves.enabled ? moves.legal : []) {
    const [verb, id] = action.split(" ");
    if ((verb === "choose" || verb === "recruit") && id) picks.set(id, action);
  }
  const roster = Object.values(CATALOG || {})
    .filter((u) => u && u.id && (u.type === undefined || u.type === "unit") && u.kind in KIND_ORDER && (divinity ? u.kind === "god" : u.kind !== "god"))
    .sort((a, b) => (KIND_ORDER[a.kind] ?? 9) - (KIND_ORDER[b.kind] ?? 9) || (b.cost ?? 0) - (a.cost ?? 0) || String(a.name).localeCompare(String(b.name)));
  const who = mine ? "You" : picker >= 0 ? ctx.seatName(picker) : "";
  const option = (unit) => {
    const action = picks.get(unit.id);
    const owner = taken.get(unit.id);
    let why = null;
    if (!action) {
      if (owner !== undefined) why = `taken by ${ctx.seatName(owner)}`;
      else if (!divinity && (unit.cost ?? 0) > rp) why = `needs ${unit.cost} RP`;
      else why = mine ? "not allowed now" : null;
    }
    const power = powerOf(unit);
    const content = [
      h(
        "span.mb-recruit-head",
        null,
        h("span.mb-recruit-name", null, unit.name),
        h("span.mb-recruit-cost", { data: { cost: unit.cost ?? 0 } }, divinity ? "divinity" : `${unit.cost ?? 0} RP`),
      ),
      h("span.mb-recruit-kind", null, [KIND_WORD[unit.kind] || unit.kind, unit.flying ? "flying" : null, unit.miniatures > 1 ? `${unit.miniatures} miniatures` : null].filter(Boolean).join(" · ")),
      h(
        "span.mb-recruit-stats",
        null,
        [
          [unit.offence, "Off", "Offence"],
          [unit.defence, "Def", "Defence"],
          [unit.range, "Rng", "Range"],
          [unit.movement, "Mov", "Movement"],
          [unit.vitality, "Vit", "Vitality"],
        ].map(([value, label, word]) => h("span.mb-recruit-stat", { data: { stat: label }, "aria-label": `${word} ${value}` }, h("b", null, String(value)), ` ${label}`)),
      ),
      (unit.talents || []).length ? h("span.mb-recruit-talents", null, unit.talents.map(talentName).join(" · ")) : null,
      power ? h("span.mb-recruit-power", null, "Power: ", h("b", null, power.name)) : null,
      why ? h("span.mb-recruit-why", null, why) : null,
    ];
    const pick = action
      ? moves.bind(h("button.move.mb-recruit-pick", { type: "button" }, content), action, { label: actionWords(view, action) })
      : h("div.mb-recruit-pick", null, content);
    if (!action && mine && moves.enabled) moves.refuse(pick, `${divinity ? "choose" : "recruit"} ${unit.id}`);
    return help(
      h(
        "div.mb-recruit-option",
        { class: [action ? "mb-can" : "mb-cannot", owner !== undefined ? "mb-taken" : null, marked(ctx, "unit", unit.id) ? "last-move" : null], data: { unit: unit.id, cost: unit.cost ?? 0 } },
        pick,
      ),
      () => unitSpec(view, unit.id),
      { button: true, label: unit.name },
    );
  };
  const others = parsed.buttons.filter((a) => !["choose", "recruit"].includes(a.split(" ")[0]));
  return h(
    "section.command.mb-command.mb-recruit#mb-command",
    { data: { step: view.step, rp, picker } },
    h(
      "header.mb-recruit-top",
      null,
      h("b.mb-recruit-title", null, divinity ? "Recruitment: choose a divinity" : "Recruitment: units"),
      divinity
        ? h("span.mb-rp", null, `${who}${mine ? " pick" : " picks"} a divinity; then ${rp} RP for units`)
        : h("span.mb-rp#mb-rp", { data: { rp } }, mine ? "You have " : `${who} has `, h("b", null, `${rp} RP`), " left"),
      h(
        "span.mb-rp-all",
        null,
        players.map((p) =>
          h("span.chip", { style: { "--seat": ctx.colour(p.seat) }, data: { seat: p.seat, rp: p.rp ?? 0 } }, h("span.seat-dot"), `${ctx.seatName(p.seat)}: ${p.rp ?? 0} RP, ${plural((p.army || []).length, "unit")}`),
        ),
      ),
    ),
    h("div.mb-recruit-grid", null, roster.map(option)),
    others.length ? h("div.mb-recruit-buttons", null, others.map((a) => moves.button(a, actionWords(view, a), `mb-${a.split(" ")[0]}`))) : null,
  );
}

/** One line per player: what a glance needs (omphalos, cards, units standing). */
function summary(ctx) {
  const { view } = ctx;
  const players = view.players || [];
  if (!players.length) return null;
  const totals = sideTotals(view);
  const short = shortNames(view);
  return h(
    "section.mb-summary#mb-summary",
    null,
    players.map((p) => {
      const units = (p.army || []).map((id) => unitById(view, id)).filter(Boolean);
      const standing = units.filter((u) => !u.dead);
      return h(
        "div.mb-summary-row",
        { style: { "--seat": ctx.colour(p.seat) }, data: { seat: p.seat }, class: [view.turn_player === p.seat ? "turn" : null, ctx.seat === p.seat ? "me" : null, p.out ? "mb-out" : null] },
        h("span.seat-dot"),
        h("b.mb-summary-name", null, ctx.seatName(p.seat), ctx.seat === p.seat ? h("span.you-tag", null, "you") : null),
        h("span", { title: "omphalos absorbed by the side / needed to win" }, `omphalos ${totals.get(p.side ?? p.seat) || 0}/${view.omphalos_to_win ?? "?"}`),
        h("span", { title: "cards in hand" }, `hand ${p.hand_count ?? (p.hand || []).length}`),
        h("span", { title: "cards in the deck" }, `deck ${p.deck_count ?? 0}`),
        h(
          "span.mb-summary-units",
          null,
          standing.map((u) => help(h("span.mb-summary-unit", { data: { unit: u.id }, class: marked(ctx, "unit", u.id) ? "last-move" : null }, `${short[u.id] || u.name} ${u.vitality}`), () => unitSpec(view, u.id, ctx.seatName))),
          units.length - standing.length ? h("span.muted", null, ` +${units.length - standing.length} dead`) : null,
        ),
      );
    }),
  );
}

function instruction(payload) {
  const view = payload.view || {};
  if (view.terminal) return null;
  const attacks = view.attacks || [];
  if (attacks.length) {
    const phase = attacks[attacks.length - 1].phase;
    return PHASE_HINT[phase] || `ATTACK: ${PHASE_WORD[phase] || phase}.`;
  }
  return STEP_HINT[view.step] || null;
}


export default {
  id: "mythic-battles",

  title() {
    return "Mythic Battles: Pantheon";
  },

  async prepare() {},

  seatName(payload, seat) {
    return seatNameOf(payload.view || {}, seat);
  },

  instruction,

  render(ctx) {
    const { view } = ctx;
    ctx.mbMarks = recentMarks(ctx.recent, view);
    const parsed = parseMoves(ctx.moves);
    const sel = selection(ctx, parsed);
    const seats = (view.players || []).map((p) => p.seat);
    const me = seats.indexOf(ctx.seat);
    const ordered = me < 0 ? seats : [...seats.slice(me), ...seats.slice(0, me)];
    const homeless = unitsOf(view).filter((u) => !(view.players || []).some((p) => (p.army || []).includes(u.id)));
    const board = view.map || {};
    const width = (Number(board.columns) || 1) * CELL + 2 * PAD;
    const height = (Number(board.rows) || 1) * CELL + 2 * PAD;
    const recruit = recruitPanel(ctx, parsed);
    // The map on the left at the height of the screen; the prompt above it; beside it what the
    // decision needs: the ATTACK, the hand, every player at a glance, then the dashboards.
    return h(
      "div.mb",
      { data: { renderer: "mythic-battles", step: view.step }, class: recruit ? "mb-recruiting" : null },
      h("div.mb-top", null, statusLine(ctx), recruit || commandBar(ctx, parsed, sel)),
      h(
        "div.mb-main",
        null,
        h("div.mb-board", { style: { "aspect-ratio": `${width} / ${height}`, "--map-ratio": String(width / height) } }, mapSvg(ctx, parsed, sel)),
        h(
          "div.mb-side",
          null,
          attackPanel(ctx),
          handZone(ctx),
          summary(ctx),
          h(
            "div.mb-players",
            null,
            ordered.map((seat) => playerPanel(ctx, view.players[seat], parsed)),
            homeless.length ? h("section.mb-player", null, h("div.mb-units", null, homeless.map((u) => dashboard(ctx, u, parsed)))) : null,
          ),
        ),
      ),
    );
  },

  result(payload) {
    const view = payload.view || {};
    const winners = new Set(view.winners || []);
    return h(
      "table.end-detail#mb-results",
      null,
      h("thead", null, h("tr", null, h("th", null, "Player"), h("th", null, "Side"), h("th", null, "Omphalos"), h("th", null, "Units standing"))),
      h(
        "tbody",
        null,
        (view.players || []).map((p) =>
          h(
            "tr",
            { data: { seat: p.seat } },
            h("td", { class: winners.has(p.seat) ? "winner" : null }, seatNameOf(view, p.seat), p.out ? " (out)" : ""),
            h("td.num", null, String(p.side ?? "")),
            h("td.num", null, String(p.absorbed ?? 0)),
            h(
              "td",
              null,
              (p.army || [])
                .map((id) => unitById(view, id))
                .filter((u) => u && !u.dead)
                .map((u) => `${u.name} ${u.vitality}/${u.max_vitality}`)
                .join(", ") || "—",
            ),
          ),
        ),
      ),
    );
  },
};
