// Mythic Wars: each faction's deities and creatures as cards (element, Power/Attack/Defense,
// energy bar, ability, state: face down, declared, invoked, empowered (turned), defeated), the
// round, the prime faction and the dice the last action settled.
//
// Clicks and the actions they play:
//   draft X           the dealt card in "Your dealt cards"      [data-entity=X]
//   assemble X        the deity in "The shared copy"            [data-entity=X]
//   invoke X          your face-down deity                       [data-entity=X]
//   attack A T        select A (your entity; the first is preselected), then click target T
//   ability A T       select A, pick its ability in the command bar, then click T
//   ability A         the ability button in the command bar
//   rest A            the "Rest" button in the command bar
//   order A           your entity whose ability resolves next (several due at once)
//   decline           the "Decline" button in the command bar
// In a Solo Destiny game (view.solo) every entity token is "<id>@<seat>" (two factions may
// hold the same deity): the id before "@" finds the card in the catalogue, and names are
// shown as "Thor@1" where the two copies could be confused.
// Anything else the rules may offer falls back to a plain button (the table does that).
// A click on something that is not a move now asks the server why (moves.bind/refuse): your
// entity that cannot act (empowered, defeated, face down), a foe the selected entity may not
// attack or target (behind its creature or a Guardian, face down, defeated), a deity of the
// copy you may not take.
//
// Layout: the status line, the other factions (compact cards when there are two or more), the
// prompt with its buttons and the dice in the middle, the viewer's own faction at the bottom,
// so the prompt sits between the foes it targets and the entities it empowers; on a wide
// screen it fits the window (the other factions, or the copy to assemble from, scroll by
// themselves), on a phone it is one column. The latest moves (ctx.recent) are marked with
// .last-move: the attacker and its target, the entity empowered, the deity declared.

import { h } from "../dom.js";
import { icon } from "../icons.js";
import ENTITIES from "/catalog/mythic-wars.js";
import { help } from "./help.js";

const ELEMENT_GLYPH = { air: "≋", chaos: "✷", earth: "◆", fire: "▲", law: "✚", water: "≈" };
const STATE_WORD = {
  uninvoked: "face down",
  invoked: "in battle",
  empowered: "empowered",
  defeated: "defeated",
};
const PHASE_WORD = {
  deal: "Dealing",
  draft: "Draft",
  assemble: "Assembling factions",
  first: "Choosing the first prime faction",
  start: "Start of round",
  invocation: "Invocation",
  "invoke-abilities": "Invocation abilities",
  empowerment: "Empowerment",
  end: "End of round",
  "next-prime": "Choosing the next prime faction",
  over: "The battle is over",
};
const SETUP_PHASES = new Set(["deal", "draft", "assemble", "first"]);
const STAT_SHORT = { attack: "Att", defense: "Def", power: "Pow" };
const WHO = { self: "itself", supporting: "its allies", faction: "its faction", opposing: "every foe" };

function title(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : "";
}

function signed(n) {
  return n >= 0 ? `+${n}` : `−${-n}`;
}

const SOLO_MARK = "@";

/** The catalogue card of an entity token ("thor", or "thor@1" in a solo game). */
function catalogue(token) {
  if (!token) return null;
  return ENTITIES[String(token).split(SOLO_MARK)[0]] || null;
}

/** An entity token's printed name; a solo game's "thor@1" is "Thor@1". */
function entityName(token) {
  if (!token || token === "?") return "a face-down deity";
  const entity = catalogue(token);
  if (!entity) return token;
  const at = String(token).indexOf(SOLO_MARK);
  return at < 0 ? entity.name : entity.name + String(token).slice(at);
}

/** The ability's name on the card (its text before the colon). */
function abilityTitle(entity) {
  const text = entity.text || "";
  const colon = text.indexOf(":");
  return colon > 0 ? text.slice(0, colon) : entity.ability;
}

/** What an ability does, in a few words. */
function abilitySummary(entity) {
  const p = entity.params || {};
  const amount = p.amount ?? 0;
  const creature = entityName(p.creature);
  const summaries = {
    modify: `${signed(amount)} ${STAT_SHORT[p.stat] || p.stat} rolls for ${WHO[p.who] || p.who}`,
    taunt: "its faction's non-Guardians cannot be attacked",
    "tie-breaker": "its faction wins tied rolls",
    "no-crits": "no foe criticals against its faction",
    thorns: `attacker −${amount} on a ${p.on}`,
    clash: `empowered: clash, winner deals ${p.damage || "a die"}`,
    blast: `empowered: a foe −${amount}`,
    volley: `empowered: every foe −${amount}`,
    heal: `empowered: heal ${amount}`,
    summon: `empowered: summon ${creature}`,
    doom: `invoked: a foe's Defense roll under ${p.threshold} dies`,
    ambush: "invoked: attack at once",
    "invoke-summon": `invoked: summons ${creature}`,
    "invoke-heal": `invoked: allies +${amount}`,
    regenerate: `round start: +${amount}`,
    burn: `round end: a foe −${amount}`,
    "extra-attack": `${p.parity} attack roll: attack again`,
    lifesteal: `on a hit: +${amount}`,
  };
  return summaries[entity.ability] || entity.ability;
}

function isBattle(entry) {
  return entry.state === "invoked" || entry.state === "empowered";
}

/** A faction's entities in order, each creature right after its summoner. */
function factionEntries(view, seat) {
  const own = (view.entities || []).filter((e) => e.owner === seat);
  const creatures = own.filter((e) => e.summoner);
  const placed = new Set();
  const ordered = [];
  for (const entry of own) {
    if (entry.summoner) continue;
    ordered.push(entry);
    creatures.forEach((creature, index) => {
      if (creature.summoner === entry.id && entry.id) {
        ordered.push(creature);
        placed.add(index);
      }
    });
  }
  creatures.forEach((creature, index) => {
    if (!placed.has(index)) ordered.push(creature);
  });
  return ordered;
}

/** An entity's full card for the help (help.js). */
function entitySpec(entry, data, note = null) {
  const state = entry.state || null;
  const energy = entry.energy ?? data.power;
  return {
    title: entityName(entry.id),
    kind: `${title(data.kind)} of the ${title(data.pantheon)} pantheon · ${data.element} ${ELEMENT_GLYPH[data.element] || ""}`.trim(),
    stats: [
      [data.power, "Power", "energy on entering; clash rolls"],
      [data.attack, "Attack"],
      [data.defense, "Defense"],
      state && state !== "defeated" ? [`${energy}/${data.power}`, "energy"] : null,
    ],
    sections: [{ label: `Ability: ${abilityTitle(data)}`, text: data.text || abilitySummary(data) }],
    notes: [
      state ? `Now: ${entry.declared && state === "uninvoked" ? "declared" : STATE_WORD[state] || state}.` : null,
      entry.summoner ? `Summoned by ${entityName(entry.summoner)}.` : null,
      note,
    ],
  };
}

function entityCard(entry, { extraClass = [], badge = null, note = null } = {}) {
  if (!entry.id) {
    return help(
      h("div.entity.hidden-card", { class: extraClass, data: { owner: entry.owner, state: "hidden" } }, h("span", null, "?")),
      { title: "A face-down deity", kind: "hidden until it is invoked", notes: [note] },
    );
  }
  const data = { ...(catalogue(entry.id) || {}), ...entry };
  const state = entry.state || "dealt";
  const energy = entry.energy ?? data.power;
  const ratio = data.power ? Math.max(0, Math.min(1, energy / data.power)) : 0;
  const level = ratio <= 1 / 3 ? "low" : ratio <= 2 / 3 ? "mid" : "";
  const creature = data.kind === "creature";
  const node = h(
    "div.entity",
    {
      class: [
        `el-${data.element}`,
        `state-${state}`,
        creature ? "creature" : null,
        entry.declared ? "declared" : null,
        ...extraClass,
      ],
      data: { entity: entry.id, owner: entry.owner, state },
    },
    entry.state ? h("span.entity-state", null, entry.declared && state === "uninvoked" ? "declared" : STATE_WORD[state] || state) : null,
    h(
      "div.entity-head",
      null,
      h("span.entity-el", null, ELEMENT_GLYPH[data.element] || "?"),
      h("div", { style: { "min-width": "0" } }, h("div.entity-name", null, data.name), h("div.entity-sub", null, `${data.kind} · ${data.pantheon}`)),
    ),
    h(
      "div.entity-stats",
      null,
      h("div.entity-stat", null, h("b", null, String(data.power)), h("span", null, "Pow")),
      h("div.entity-stat", null, h("b", null, String(data.attack)), h("span", null, "Att")),
      h("div.entity-stat", null, h("b", null, String(data.defense)), h("span", null, "Def")),
    ),
    entry.state && state !== "defeated"
      ? h(
          "div.energy",
          null,
          h("div.energy-bar", null, h("div.energy-fill", { class: level || null, style: { width: `${Math.round(ratio * 100)}%` } })),
          h("span.energy-text", { data: { energy: entry.id } }, `${energy}/${data.power}`),
        )
      : null,
    h("div.entity-ability", null, h("b", null, abilityTitle(data)), ": ", abilitySummary(data)),
    entry.summoner ? h("div.entity-summoned", null, `summoned by ${entityName(entry.summoner)}`) : null,
    badge ? h("span.target-badge", null, badge) : null,
  );
  return help(node, () => entitySpec(entry, data, note), { button: true, label: entityName(entry.id) });
}

// --- legal actions -----------------------------------------------------------------------------

/** Actions by kind: actors of attack/ability/rest, and their options. */
function parseMoves(moves) {
  const byActor = new Map();
  const drafts = new Map();
  const assembles = new Map();
  const invokes = new Map();
  const orders = new Map();
  for (const action of moves.enabled ? moves.legal : []) {
    const [verb, a, t] = action.split(" ");
    if (verb === "draft" && a) drafts.set(a, action);
    else if (verb === "order" && a) orders.set(a, action);
    else if (verb === "assemble" && a) assembles.set(a, action);
    else if (verb === "invoke" && a) invokes.set(a, action);
    else if ((verb === "attack" || verb === "ability" || verb === "rest") && a) {
      if (!byActor.has(a)) byActor.set(a, { attack: new Map(), ability: new Map(), abilityNoTarget: null, rest: null });
      const entry = byActor.get(a);
      if (verb === "attack" && t) entry.attack.set(t, action);
      else if (verb === "ability" && t) entry.ability.set(t, action);
      else if (verb === "ability") entry.abilityNoTarget = action;
      else if (verb === "rest") entry.rest = action;
    }
  }
  return { byActor, drafts, assembles, invokes, orders };
}

function selection(ctx, byActor) {
  const { ui, payload } = ctx;
  if (ui.seq !== payload.seq) {
    ui.seq = payload.seq;
    if (!byActor.has(ui.selected)) ui.selected = null;
    ui.mode = null;
  }
  if (!byActor.has(ui.selected)) ui.selected = byActor.size ? byActor.keys().next().value : null;
  const options = ui.selected ? byActor.get(ui.selected) : null;
  if (options && (!ui.mode || (ui.mode === "attack" && !options.attack.size) || (ui.mode === "ability" && !options.ability.size))) {
    ui.mode = options.attack.size ? "attack" : options.ability.size ? "ability" : null;
  }
  return options;
}

function commandBar(ctx, options) {
  const { ui, moves, view } = ctx;
  const actor = ui.selected;
  const entity = catalogue(actor) || { name: actor, text: "" };
  const pending = view.pending && view.pending.kind === "choice" ? view.pending : null;
  const setMode = (mode) => () => {
    ui.mode = mode;
    ctx.rerender();
  };
  let prompt;
  if (pending) {
    prompt = `${entityName(pending.unit)}'s ${pending.purpose.replace("-", " ")}:`;
  } else {
    prompt = `${entity.name} is ready:`;
  }
  const hint =
    ui.mode === "attack"
      ? "click a glowing foe to attack it"
      : ui.mode === "ability"
        ? "click a glowing target"
        : null;
  return h(
    "div.command#command",
    { data: { actor } },
    h("span.command-title", null, prompt),
    options.attack.size
      ? h(
          "button.mode",
          { type: "button", class: ui.mode === "attack" ? "chosen" : null, data: { mode: "attack" }, onclick: setMode("attack") },
          icon("sword"),
          "Attack",
        )
      : null,
    options.ability.size
      ? h(
          "button.mode",
          { type: "button", class: ui.mode === "ability" ? "chosen" : null, data: { mode: "ability" }, onclick: setMode("ability") },
          icon("bolt"),
          abilityTitle(entity),
        )
      : null,
    options.abilityNoTarget ? moves.button(options.abilityNoTarget, abilityTitle(entity), "ability") : null,
    options.rest ? moves.button(options.rest, "Rest", "rest") : null,
    moves.button("decline", "Decline", "decline"),
    hint ? h("span.hint", null, hint) : null,
  );
}

// --- the parts of the page ----------------------------------------------------------------------

function statusLine(ctx) {
  const { view } = ctx;
  return h(
    "div.wars-status",
    null,
    view.round ? h("span.chip", null, `Round ${view.round}`) : null,
    h("span.chip", null, PHASE_WORD[view.phase] || view.phase),
    view.prime !== null && view.prime !== undefined
      ? h("span.chip.prime", null, icon("crown"), `Prime: ${ctx.seatName(view.prime)}`)
      : null,
    h("span.chip", null, view.solo ? `solo ${view.mode} mode` : `${view.mode} mode`),
  );
}

function dicePanel(ctx, touched = new Set()) {
  const { view } = ctx;
  const settled = view.settled || [];
  const pending = view.pending && view.pending.kind !== "choice" ? view.pending : null;
  if (!settled.length && !pending) return null;
  const die = (value, critical) => h("span.die", { class: critical ? "critical" : null, title: critical ? "critical (a natural 6)" : "die" }, String(value));
  return h(
    "div.dice#dice",
    { class: settled.length && touched.size ? "recent" : null },
    settled.map((r) => {
      if (r.kind === "damage") {
        return h("div.roll", null, icon("dice"), die(r.first_die, false), `${entityName(r.first)} loses ${r.points}`);
      }
      if (r.kind === "defense-test") {
        return h(
          "div.roll",
          null,
          icon("dice"),
          `${entityName(r.first)} Defense`,
          die(r.first_die, r.first_critical),
          `= ${r.first_total}`,
          h("span.roll-result", { class: r.result }, r.result),
        );
      }
      return h(
        "div.roll",
        null,
        icon("dice"),
        `${entityName(r.first)}`,
        die(r.first_die, r.first_critical),
        `${r.first_total}`,
        h("span.muted", null, "vs"),
        `${entityName(r.second)}`,
        die(r.second_die, r.second_critical),
        `${r.second_total}`,
        h("span.roll-result", { class: r.result }, r.result === "again" ? "tie: again" : r.result),
        r.points ? h("span", null, `−${r.points} energy`) : null,
      );
    }),
    pending
      ? h(
          "div.roll.muted",
          null,
          icon("dice"),
          pending.kind === "attack"
            ? `${entityName(pending.attacker)} attacks ${entityName(pending.target)}…`
            : pending.kind === "clash"
              ? `${entityName(pending.clasher)} clashes with ${entityName(pending.target)}…`
              : `resolving ${pending.kind}…`,
        )
      : null,
  );
}

function handZone(ctx, drafts) {
  const { view } = ctx;
  const hand = view.hand || [];
  if (!hand.length) return null;
  const kept = (view.entities || []).filter((e) => e.owner === ctx.seat).length;
  return h(
    "section.hand-zone#hand",
    null,
    h("h3", null, `Your dealt cards — keep 4 (${kept} kept so far)`),
    h(
      "div.entities",
      null,
      hand.map((id) => {
        const card = entityCard({ id, owner: ctx.seat, state: null });
        if (drafts.has(id)) ctx.moves.bind(card, drafts.get(id), { label: `Keep ${entityName(id)}` });
        return card;
      }),
    ),
  );
}

// Every pantheon of the catalogue, alphabetically (the content decides how many there are).
const PANTHEON_ORDER = [...new Set(Object.values(ENTITIES).map((e) => e.pantheon))].sort();

/** The copy the viewer assembles from (destiny modes: the shared one, or in a solo game its
 * own): its deities left, by pantheon; those the rules do not offer now (another pantheon in
 * Pantheons of Destiny) are dimmed. */
function poolZone(ctx, assembles) {
  const { view } = ctx;
  const pool = view.pool || [];
  if (!pool.length) return null;
  const taken = (view.entities || []).filter((e) => e.owner === ctx.seat).length;
  const copy = view.solo ? "Your own copy" : "The shared copy";
  const pantheonOf = (id) => (catalogue(id) || {}).pantheon || "";
  const groups = PANTHEON_ORDER.map((p) => [p, pool.filter((id) => pantheonOf(id) === p)]).filter(([, ids]) => ids.length);
  return h(
    "section.hand-zone#pool",
    null,
    h("h3", null, `${copy} — take 4 (${taken} taken so far)`),
    groups.map(([pantheon, ids]) => [
      h("h4", null, `${title(pantheon)} (${ids.length} left)`),
      h(
        "div.entities",
        null,
        ids.map((id) => {
          const offered = assembles.has(id);
          const card = entityCard(
            { id, owner: ctx.seat, state: null },
            { note: offered ? null : "Not on offer now: a faction comes from one pantheon, with room for all four." },
          );
          if (offered) ctx.moves.bind(card, assembles.get(id), { label: `Take ${entityName(id)}` });
          else {
            card.classList.add("not-offered");
            if (ctx.moves.legal.length) ctx.moves.bind(card, `assemble ${id}`);
          }
          return card;
        }),
      ),
    ]),
  );
}

/** The total energy a faction has in the battle. */
function energyInBattle(view, seat) {
  return (view.entities || [])
    .filter((e) => e.owner === seat && isBattle(e))
    .reduce((sum, e) => sum + (e.energy || 0), 0);
}

/**
 * What a click on ``entry`` would mean now, when it is not a move: the action whose refusal
 * the server explains (null: nothing worth saying). ``pending`` is the choice an ability gives.
 */
function refusedAction(ctx, entry, parsed, options) {
  const { view, ui } = ctx;
  if (!entry.id || !ctx.moves.legal.length) return null;
  const mine = entry.owner === ctx.seat;
  if (view.phase === "invocation" && !view.pending) return mine ? `invoke ${entry.id}` : null;
  if (view.phase !== "empowerment" && !(view.pending && view.pending.kind === "choice")) return null;
  if (options && ui.selected && ui.mode && !mine) {
    return ui.mode === "attack" ? `attack ${ui.selected} ${entry.id}` : `ability ${ui.selected} ${entry.id}`;
  }
  if (mine && !parsed.byActor.has(entry.id) && !parsed.orders.size) {
    if (view.pending) return null;
    return entry.state === "uninvoked" ? `invoke ${entry.id}` : `rest ${entry.id}`;
  }
  return null;
}

function factionPanel(ctx, seat, parsed, options, { compact = false, touched = new Set() } = {}) {
  const { view, moves, ui } = ctx;
  const faction = view.factions[seat];
  const turn = !view.terminal && view.current_player === seat;
  const entries = factionEntries(view, seat);
  const mine = ctx.seat === seat;
  const targetMap = options ? (ui.mode === "attack" ? options.attack : ui.mode === "ability" ? options.ability : new Map()) : new Map();
  const badge = ui.mode === "attack" ? "attack" : abilityBadge(ui.selected);
  const energy = energyInBattle(view, seat);
  return h(
    "section.faction",
    {
      class: [turn ? "turn" : null, faction.eliminated ? "eliminated" : null, mine ? "me" : null, compact ? "compact" : null],
      style: { "--seat": ctx.colour(seat) },
      data: { seat },
    },
    h(
      "header.faction-head",
      null,
      h("span.seat-dot"),
      h("span.faction-name", null, ctx.seatName(seat)),
      mine ? h("span.you-tag", null, "you") : null,
      view.prime === seat ? h("span.faction-tag.prime-tag", { title: "the prime faction" }, compact ? "♛" : "♛ prime") : null,
      turn ? h("span.faction-tag", null, "to play") : null,
      faction.eliminated ? h("span.faction-tag", null, "out") : null,
      h("span.spacer"),
      h(
        "span.faction-meta",
        { title: "entities in the battle · their energy · face-down deities" },
        compact
          ? `${faction.in_battle} in battle${faction.in_battle ? ` · ⚡${energy}` : ""} · ${faction.uninvoked} face down${faction.hand ? ` · ${faction.hand} dealt` : ""}`
          : `${faction.in_battle} in battle · ${energy} energy · ${faction.uninvoked} face down${faction.hand ? ` · ${faction.hand} dealt` : ""}`,
      ),
    ),
    h(
      "div.entities",
      null,
      entries.length
        ? entries.map((entry) => {
            const classes = [];
            let action = null;
            let label = null;
            if (entry.id && targetMap.has(entry.id)) {
              action = targetMap.get(entry.id);
              classes.push("target");
              if (ui.mode === "ability" && entry.owner === ctx.seat) classes.push("heal-target");
              label = `${ui.mode === "attack" ? "Attack" : "Target"} ${entityName(entry.id)}`;
            } else if (entry.id && parsed.invokes.has(entry.id)) {
              action = parsed.invokes.get(entry.id);
              label = `Invoke ${entityName(entry.id)}`;
            } else if (entry.id && parsed.orders.has(entry.id)) {
              action = parsed.orders.get(entry.id);
              label = `Resolve ${entityName(entry.id)}'s ability next`;
            }
            const selectable = entry.id && parsed.byActor.has(entry.id) && !action;
            if (selectable) classes.push("selectable");
            if (entry.id && entry.id === ui.selected && options) classes.push("selected");
            if (entry.id && touched.has(entry.id)) classes.push("last-move");
            const card = entityCard(entry, {
              extraClass: classes,
              badge: action && classes.includes("target") ? badge : action ? (parsed.orders.has(entry.id) ? "next" : "invoke") : null,
            });
            if (action) moves.bind(card, action, { label });
            else if (selectable) {
              card.tabIndex = 0;
              card.setAttribute("role", "button");
              card.dataset.select = entry.id;
              const pick = (event) => {
                event.preventDefault();
                ui.selected = entry.id;
                ui.mode = null;
                ctx.rerender();
              };
              card.addEventListener("click", pick);
              card.addEventListener("keydown", (event) => {
                if (event.key === "Enter" || event.key === " ") pick(event);
              });
            } else {
              const refused = refusedAction(ctx, entry, parsed, options);
              if (refused) moves.bind(card, refused);
            }
            return card;
          })
        : h("p.muted", null, "No deities yet."),
    ),
  );
}

/** The prompt beside the cards when no entity is selected: what to click, and where. */
function promptBar(ctx, parsed) {
  const { view, moves } = ctx;
  if (!moves.legal.length) return null;
  let text = null;
  if (parsed.orders.size) text = "Several of your abilities are due at once: click, below, the entity whose ability resolves first.";
  else if (parsed.invokes.size) text = "Declare one of your face-down deities below: click it. It is face up at once and enters the battle with the others'.";
  else if (parsed.drafts.size) text = "Keep one of your dealt cards: click it.";
  else if (parsed.assembles.size) text = "Take a deity from the copy: click it. The others do not see which.";
  if (!text) return null;
  return h("div.command.wars-prompt#wars-prompt", { data: { phase: view.phase } }, h("span.command-title", null, text));
}

/**
 * The entity tokens the latest moves touched (ctx.recent, as the viewer saw them): the
 * attacker and its target, the entity that used its ability and its target, the entity that
 * rested, the deity declared, the trigger ordered. Hidden picks ("draft ?") touch nothing.
 */
function lastMoveTokens(ctx) {
  const touched = new Set();
  for (const entry of ctx.recent || []) {
    const [verb, ...args] = String(entry.action || "").split(" ");
    if (!["attack", "ability", "rest", "invoke", "order", "draft", "assemble"].includes(verb)) continue;
    for (const token of args) if (token && token !== "?") touched.add(token);
  }
  return touched;
}

function abilityBadge(actor) {
  const entity = catalogue(actor);
  return entity ? entity.ability.replace("-", " ") : "target";
}

function seatNameOf(view, seat) {
  const factions = view.factions || [];
  const pantheon = factions[seat] ? factions[seat].pantheon : null;
  return pantheon ? `Seat ${seat} (${title(pantheon)})` : `Seat ${seat}`;
}

// --- the renderer -------------------------------------------------------------------------------

export default {
  id: "mythic-wars",

  title() {
    return "Mythic Wars";
  },

  seatName(payload, seat) {
    return seatNameOf(payload.view || {}, seat);
  },

  instruction(payload) {
    const view = payload.view;
    const pending = view.pending;
    if (pending && pending.kind === "choice") {
      const name = entityName(pending.unit);
      if (pending.purpose === "extra-attack") return `${name}'s attack roll allows an extra attack: click a target, or decline.`;
      if (pending.purpose === "ambush") return `${name} ambushes on entering the battle: click a foe to attack, or decline.`;
      if (pending.purpose === "doom") return `${name}: click a foe that must make a Defense roll, or decline.`;
      if (pending.purpose === "burn") return `${name}: click a foe to burn.`;
      if (pending.purpose === "order") return "Several abilities of your faction are due at once: click the entity whose ability resolves first.";
      return `${name}: ${pending.purpose}.`;
    }
    if (view.phase === "draft") return "Keep one of your dealt cards: click it (4 in all).";
    if (view.phase === "assemble") {
      const one = view.mode === "pantheons-of-destiny" ? ", all from one pantheon" : "";
      const copy = view.solo ? "your own copy" : "the shared copy";
      return `Assemble your faction: click a deity of ${copy} to take it (4 in all${one}); the others do not see which.`;
    }
    if (view.phase === "invocation") return "Declare one of your face-down deities: click it.";
    if (view.phase === "empowerment") return "Empower one of your entities: select it, then attack a foe, use its ability, or rest.";
    return null;
  },

  render(ctx) {
    const { view, moves } = ctx;
    const parsed = parseMoves(moves);
    const options = selection(ctx, parsed.byActor);
    // Everything an actor may do is reachable: select it, pick a mode, click the target.
    for (const entry of parsed.byActor.values()) {
      moves.cover([...entry.attack.values(), ...entry.ability.values()]);
      if (entry.rest) moves.cover(entry.rest);
      if (entry.abilityNoTarget) moves.cover(entry.abilityNoTarget);
    }
    const touched = lastMoveTokens(ctx);
    const seats = (view.factions || []).map((f) => f.seat);
    const mine = ctx.seat !== null && seats.includes(ctx.seat) ? ctx.seat : null;
    const others = seats.filter((s) => s !== mine);
    // Two or more other factions, or the set-up (face-down cards only): each other faction
    // summarised in compact cards (the full text is in the help).
    // A spectator of two factions sees both in full, one above the other.
    const compact = others.length > (mine === null ? 2 : 1) || SETUP_PHASES.has(view.phase);
    return h(
      "div.wars",
      {
        // Four or more other factions (up to eight players): each entity in a line or two.
        class: [compact ? "many-foes" : null, others.length > 3 ? "crowded" : null, mine === null ? "spectating" : null],
        data: { renderer: "mythic-wars", phase: view.phase, factions: seats.length },
        style: { "--foe-columns": String(Math.min(others.length, others.length > 3 ? 4 : 3) || 1) },
      },
      statusLine(ctx),
      h(
        "div.wars-foes#foes",
        null,
        others.map((seat) => factionPanel(ctx, seat, parsed, options, { compact, touched })),
      ),
      h(
        "div.wars-centre#centre",
        null,
        options ? commandBar(ctx, options) : promptBar(ctx, parsed),
        dicePanel(ctx, touched),
        handZone(ctx, parsed.drafts),
        poolZone(ctx, parsed.assembles),
      ),
      mine !== null ? h("div.wars-mine#mine", null, factionPanel(ctx, mine, parsed, options, { touched })) : null,
    );
  },

  scoreLabel: "Energy",

  result(payload) {
    const view = payload.view || {};
    const winners = new Set(view.winners || []);
    return h(
      "table.end-detail#wars-results",
      null,
      h("thead", null, h("tr", null, h("th", null, "Faction"), h("th", null, "Still standing"))),
      h(
        "tbody",
        null,
        (view.factions || []).map((f) =>
          h(
            "tr",
            null,
            h("td", { class: winners.has(f.seat) ? "winner" : null }, seatNameOf(view, f.seat)),
            h(
              "td",
              null,
              factionEntries(view, f.seat)
                .filter(isBattle)
                .map((e) => `${e.name} ${e.energy}/${e.power}`)
                .join(", ") || "—",
            ),
          ),
        ),
      ),
    );
  },
};
