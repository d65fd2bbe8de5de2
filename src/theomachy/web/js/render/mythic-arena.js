// Mythic Arena: the battlefield as a grid of cards on the game's lattice (columns a-i, rows 1-9,
// north up), each card with its Power, its sides (shields, fragilities) and its allegiance; the
// two players with Glory, Strength tokens, deck and discard pile; the drawn card.
//
// Clicks and the actions they play:
//   choose P        the pantheon's banner                 [data-pantheon=P]
//   place C SQ      the glowing empty square              [data-square=SQ]
//   discard         the "Discard" button by the drawn card
//   recycle C       the card in the choice tray            [data-card=C]
//   raise C         the card in the choice tray            [data-card=C]
//   capture SQ      the opposing card on the battlefield   [data-square=SQ]
//   shatter SQ      the opposing card (its facing shield is marked)
//   power           the card just played, or the "+1 Power" button
//   done            the "To battle" button
// Anything else the rules may offer falls back to a plain button (the table does that).
// On the player's turn the things that are not a move now are bound too (moves.bind), so a
// click says why (the game's refusal): a square the drawn card cannot take, one's own card
// for Aphrodite/Freyja, a card without a facing shield in the Strength step, a discard
// after a discard.
//
// The last move (ctx.recent: what happened since the viewer's own last decision) is marked
// with .last-move: the card placed, the cards it captured (view.captured), the card whose
// shield was shattered, the card just discarded, a card that left for the box.

import { h } from "../dom.js";
import { icon } from "../icons.js";
import CARDS from "/catalog/mythic-arena.js";
import { help } from "./help.js";

const COLUMNS = "abcdefghi";
const SIDES = ["north", "east", "south", "west"];
const PANTHEON_COLOUR = { greek: "#2f6fd6", norse: "#c8372d" };
const PANTHEON_BLURB = {
  greek: "Zeus, Athena, Ares, Hades and the Olympians.",
  norse: "Odin, Thor, Freyja, Loki and the Aesir.",
};
const ABILITY_LABEL = {
  "fifth-card": "Fifth card",
  recycle: "Recycle",
  "discard-power": "Discard Power",
  "icon-power": "Icon Power",
  "ignore-shields": "Pierce shields",
  "capture-any": "Capture",
  "raise-dead": "Raise the dead",
  "extra-glory": "+1 Glory",
  "gain-strength": "Gain Strength",
  "strength-per-capture": "Strength per capture",
  "leave-game": "Leaves",
  "double-icon": "Double icon",
  "partner-power": "Partner",
};
const SIDE_WORD = { shield: "shield", fragility: "fragility", shattered: "shattered shield", none: "plain" };

function cardData(id) {
  return CARDS[id] || null;
}

function cardName(id) {
  if (!id || id === "?" || id === "hidden") return "a hidden card";
  const card = cardData(id);
  return card ? card.name : id;
}

function title(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : "";
}

function squareParts(square) {
  return { col: COLUMNS.indexOf(square[0]), row: Number(square.slice(1)) - 1 };
}

function squareName(col, row) {
  return `${COLUMNS[col]}${row + 1}`;
}

function isSquare(word) {
  return /^[a-i][1-9]$/.test(word || "");
}

/** The side of ``target`` that faces ``from`` (orthogonal neighbours), or null. */
function facingSide(target, from) {
  if (!target || !from) return null;
  const a = squareParts(target);
  const b = squareParts(from);
  if (a.col === b.col && b.row === a.row + 1) return "north";
  if (a.col === b.col && b.row === a.row - 1) return "south";
  if (a.row === b.row && b.col === a.col + 1) return "east";
  if (a.row === b.row && b.col === a.col - 1) return "west";
  return null;
}

/** A card's full text for the help (help.js): name, pantheon, Power, icons, sides, ability. */
function cardSpec(info) {
  const card = cardData(info.card || info.id) || {};
  const pantheon = info.pantheon || card.pantheon;
  const allegiance = info.allegiance || pantheon;
  const sides = info.sides || Object.fromEntries(SIDES.map((side, i) => [side, (card.sides || [])[i] || "none"]));
  const power = info.power ?? card.power;
  return {
    title: info.name || card.name || info.card,
    kind: `${title(pantheon)} card${allegiance && allegiance !== pantheon ? ` · captured: now ${title(allegiance)}` : ""}`,
    stats: [
      [power, "Power", "its strength in battle"],
      info.plus ? [`+${info.plus}`, `Strength token${info.plus > 1 ? "s" : ""}`] : null,
      card.power !== undefined && power !== card.power ? [card.power, "printed Power"] : null,
      card.icons !== undefined ? [card.icons, `icon${card.icons === 1 ? "" : "s"} of its allegiance`, "counted at the end of the game"] : null,
    ],
    sections: [
      { label: "Sides", text: SIDES.map((s) => `${title(s)}: ${SIDE_WORD[sides[s]] || sides[s]}`).join(" · ") },
      { label: card.ability ? `Ability: ${ABILITY_LABEL[card.ability] || card.ability}` : "Ability", text: card.text || "No ability." },
    ],
    notes: [info.under ? `Placed over ${cardName(info.under)}.` : null, info.square ? `On ${info.square}.` : null],
  };
}

/**
 * A card face. ``info`` is a battlefield entry from the view, or {card} for a catalogue card
 * (the drawn card, with the Power the view says it would fight with; a discard pile): then
 * sides, and Power unless given, are the printed ones.
 */
function cardFace(info, { size = "full", marks = {} } = {}) {
  const id = info.card;
  const catalogue = cardData(id) || { name: id, pantheon: "", power: "?", sides: ["none", "none", "none", "none"] };
  const pantheon = info.pantheon || catalogue.pantheon;
  const allegiance = info.allegiance || pantheon;
  const sides =
    info.sides || Object.fromEntries(SIDES.map((side, i) => [side, catalogue.sides[i] || "none"]));
  const power = info.power ?? catalogue.power;
  const full = { ...info, card: id, name: info.name || catalogue.name, pantheon, allegiance, power, sides };
  const captured = allegiance !== pantheon;
  const ability = info.ability !== undefined ? info.ability : catalogue.ability;
  const node = h(
    `div.card.card-${size}`,
    {
      class: [
        `face-${allegiance}`,
        captured ? "captured" : null,
        marks.recent ? "last-move" : null,
        marks.flipped ? "flipped" : null,
        marks.target ? `target target-${marks.target}` : null,
      ],
      data: { card: id, allegiance, pantheon, recent: marks.recent || null },
    },
    SIDES.map((side) =>
      sides[side] && sides[side] !== "none"
        ? h(
            `span.side.side-${side}.side-${sides[side]}`,
            { class: marks.facing === side ? "facing" : null },
            sides[side] === "fragility" ? icon("crack") : icon(sides[side] === "shield" ? "shield" : "broken"),
          )
        : null,
    ),
    h(
      "span.card-emblem",
      null,
      icon(pantheon === "greek" ? "column" : "axe"),
    ),
    captured
      ? h("span.card-token", null, icon("crown"))
      : null,
    h("span.card-name", null, full.name),
    h(
      "span.card-power",
      null,
      String(power),
      info.plus ? h("span.card-plus", null, `+${info.plus}`) : null,
    ),
    size === "full" && ability
      ? h("span.card-ability", null, ABILITY_LABEL[ability] || ability)
      : null,
    info.under ? h("span.card-under", null, `over ${cardName(info.under)}`) : null,
    size === "large" ? h("span.card-text", null, catalogue.text || "") : null,
  );
  return help(node, () => cardSpec(full), { button: true, label: full.name });
}

function cardBack(label, { size = "full", pantheon = null } = {}) {
  return h(
    `div.card.card-${size}.card-back`,
    { class: pantheon ? `back-${pantheon}` : null, title: label, data: { hidden: "1" } },
    h("span.back-mark", null, icon(pantheon === "norse" ? "axe" : pantheon === "greek" ? "column" : "star")),
  );
}

function miniCard(id, extra = {}, recent = null) {
  const card = cardData(id) || { name: id, pantheon: "", power: "?" };
  return miniHelp(id, h(
    "span.mini-card",
    { class: [`face-${card.pantheon}`, recent ? "last-move" : null], data: { card: id, recent }, ...extra },
    h("span.mini-power", null, String(card.power)),
    h("span.mini-name", null, card.name),
  ));
}

function miniHelp(id, node) {
  return help(node, () => cardSpec({ card: id }));
}

// Decisions that belong to the turn of the card placed: its placement, its ability's
// choice, the Strength tokens and the battle that follows "done".
const TURN_VERBS = new Set(["place", "recycle", "raise", "capture", "power", "shatter", "done"]);

/**
 * What the latest moves (ctx.recent, oldest first) touched, for the .last-move marks:
 * ``squares`` (square -> "placed" | "captured" | "shattered"), ``discards`` (the seats whose
 * top discard is recent) and ``boxed`` (cards that went to the box: Váli/Erinyes).
 * A decision of the turn of the latest placement marks that card and what its turn
 * captured (view.captured), whichever of its decisions the reader saw last.
 */
function recentMarks(ctx) {
  const { view } = ctx;
  const squares = new Map();
  const discards = new Set();
  const boxed = new Set();
  const recent = (ctx.recent || []).filter((entry) => entry.seat !== null && entry.seat !== undefined);
  if (!recent.length) return { squares, discards, boxed };
  const log = view.log || [];
  let lastPlace = -1;
  for (let i = log.length - 1; i >= 0; i -= 1) {
    if (String(log[i]).startsWith("place ")) {
      lastPlace = i;
      break;
    }
  }
  let turnSeen = false;
  for (const entry of recent) {
    const parts = String(entry.action).split(" ");
    if (parts[0] === "discard") discards.add(entry.seat);
    if (parts[0] === "shatter" && isSquare(parts[1])) squares.set(parts[1], "shattered");
    if ((parts[0] === "place" || parts[0] === "raise") && (view.box || []).includes(parts[1])) {
      boxed.add(parts[1]);
    }
    if (TURN_VERBS.has(parts[0]) && lastPlace >= 0 && entry.step >= lastPlace) turnSeen = true;
  }
  if (turnSeen) {
    for (const square of view.captured || []) squares.set(square, "captured");
    const placed = String(log[lastPlace]).split(" ")[2];
    if (isSquare(placed)) squares.set(placed, "placed");
  }
  return { squares, discards, boxed };
}

// --- what changed since the view drawn before -------------------------------------------------

function remember(ui, payload) {
  const view = payload.view;
  if (ui.tableSeq === undefined || payload.seq < ui.tableSeq || ui.table !== payload.table_id) {
    ui.prev = null;
  } else if (payload.seq > ui.tableSeq) {
    ui.prev = ui.current;
  }
  if (ui.tableSeq !== payload.seq || ui.table !== payload.table_id) {
    ui.current = {
      board: Object.fromEntries((view.battlefield || []).map((c) => [c.square, c.allegiance])),
      players: (view.players || []).map((p) => ({ glory: p.glory, strength: p.strength })),
    };
  }
  ui.tableSeq = payload.seq;
  ui.table = payload.table_id;
}

function flippedSquares(ui, view) {
  const prev = ui.prev;
  if (!prev) return new Set();
  return new Set(
    (view.battlefield || [])
      .filter((c) => prev.board[c.square] && prev.board[c.square] !== c.allegiance)
      .map((c) => c.square),
  );
}

// --- the parts of the page ----------------------------------------------------------------------

function pantheonChoice(ctx) {
  const { moves } = ctx;
  return h(
    "div.pantheon-choice",
    null,
    ["greek", "norse"].map((pantheon) => {
      const cards = Object.entries(CARDS).filter(([, c]) => c.pantheon === pantheon);
      const node = h(
        "div.pantheon-banner",
        { class: `face-${pantheon}`, data: { pantheon } },
        h("span.banner-icon", null, icon(pantheon === "greek" ? "column" : "axe")),
        h("strong", null, title(pantheon)),
        h("span.banner-blurb", null, PANTHEON_BLURB[pantheon]),
        h(
          "span.banner-cards",
          null,
          cards
            .slice()
            .sort((a, b) => b[1].power - a[1].power)
            .slice(0, 6)
            .map(([id]) => miniCard(id)),
        ),
      );
      moves.bind(node, `choose ${pantheon}`, { label: `Choose the ${title(pantheon)} pantheon` });
      return node;
    }),
  );
}

function battlefield(ctx, flipped, marks) {
  const { view, moves } = ctx;
  const bySquare = Object.fromEntries((view.battlefield || []).map((c) => [c.square, c]));
  const place = new Map(); // square -> action
  const capture = new Map();
  const shatter = new Map();
  for (const action of moves.enabled ? moves.legal : []) {
    const parts = action.split(" ");
    if (parts[0] === "place" && parts.length === 3 && isSquare(parts[2])) place.set(parts[2], action);
    if (parts[0] === "capture" && isSquare(parts[1])) capture.set(parts[1], action);
    if (parts[0] === "shatter" && isSquare(parts[1])) shatter.set(parts[1], action);
  }
  const open = new Set(view.open_squares || []);
  const squares = new Set([...Object.keys(bySquare), ...place.keys(), ...open]);
  if (!squares.size) squares.add("e5");
  const parts = [...squares].map(squareParts);
  const cols = parts.map((p) => p.col);
  const rows = parts.map((p) => p.row);
  const minCol = Math.min(...cols);
  const maxCol = Math.max(...cols);
  const minRow = Math.min(...rows);
  const maxRow = Math.max(...rows);
  const placed = view.placed;
  const drawn = view.drawn && view.drawn !== "hidden" ? view.drawn : null;
  // On the player's own decision, what a click on a square would be (legal or not: a
  // refused one says why): the drawn card placed there, a capture, a shattered shield.
  const deciding = ctx.seat !== null && ctx.seat === view.current_player && moves.enabled;
  const tried = (square, card) => {
    if (!deciding) return null;
    if ((view.phase === "decide" || view.phase === "place") && drawn) return `place ${drawn} ${square}`;
    if (!card) return null;
    if (view.phase === "ability" && view.pending === "capture-any") return `capture ${square}`;
    if (view.phase === "strength" && square !== placed) return `shatter ${square}`;
    return null;
  };

  const grid = h("div.battlefield", {
    style: { "--cols": String(maxCol - minCol + 1), "--rows": String(maxRow - minRow + 1) },
    data: { cols: maxCol - minCol + 1, rows: maxRow - minRow + 1 },
  });
  grid.append(h("span.coord.corner"));
  for (let c = minCol; c <= maxCol; c += 1) grid.append(h("span.coord.coord-col", null, COLUMNS[c]));
  for (let r = maxRow; r >= minRow; r -= 1) {
    grid.append(h("span.coord.coord-row", null, String(r + 1)));
    for (let c = minCol; c <= maxCol; c += 1) {
      const square = squareName(c, r);
      const card = bySquare[square];
      const cell = h("div.cell", { data: { square } });
      if (card) {
        let target = null;
        let facing = null;
        if (capture.has(square)) target = "capture";
        if (shatter.has(square)) {
          target = "shatter";
          facing = facingSide(square, placed);
        }
        const face = cardFace(card, {
          marks: { recent: marks.squares.get(square) || null, flipped: flipped.has(square), target, facing },
        });
        cell.classList.add("occupied");
        cell.append(face);
        if (capture.has(square)) {
          moves.bind(cell, capture.get(square), { label: `Capture ${card.name} on ${square}` });
          cell.append(h("span.cell-badge.badge-capture", null, "capture"));
        } else if (shatter.has(square)) {
          moves.bind(cell, shatter.get(square), { label: `Shatter the shield of ${card.name}` });
          cell.append(h("span.cell-badge.badge-shatter", null, "shatter"));
        } else if (square === placed && moves.has("power")) {
          moves.bind(cell, "power", { label: `+1 Power on ${card.name}` });
          cell.append(h("span.cell-badge.badge-power", null, "+1 Power"));
        } else if (tried(square, card)) {
          moves.bind(cell, tried(square, card));
        }
      } else if (place.has(square)) {
        cell.classList.add("place-target");
        cell.append(
          h("span.cell-name", null, square),
          drawn ? h("span.cell-ghost", null, cardName(drawn)) : null,
        );
        moves.bind(cell, place.get(square), { label: `Place ${cardName(drawn)} on ${square}` });
      } else if (open.has(square)) {
        cell.classList.add("open");
        cell.append(h("span.cell-name", null, square));
        if (tried(square, null)) moves.bind(cell, tried(square, null));
      } else {
        cell.classList.add("void");
        if (tried(square, null)) moves.bind(cell, tried(square, null));
      }
      grid.append(cell);
    }
  }
  return grid;
}

function legend() {
  return h(
    "div.legend",
    null,
    h("span", null, h("span.legend-side.side-shield", null, icon("shield")), "shield"),
    h("span", null, h("span.legend-side.side-fragility", null, icon("crack")), "fragility"),
    h("span", null, h("span.legend-side.side-shattered", null, icon("broken")), "shattered"),
    h("span", null, h("span.legend-token", null, icon("crown")), "captured"),
  );
}

function tokens(count, max = 12) {
  const shown = Math.min(count, max);
  return h(
    "span.tokens",
    { title: `${count} Strength token${count === 1 ? "" : "s"}` },
    Array.from({ length: shown }, () => h("span.token")),
    count > max ? h("span.token-more", null, `+${count - max}`) : null,
    count === 0 ? h("span.muted", null, "none") : null,
  );
}

function playerPanel(ctx, seat, marks, where) {
  const { view, payload } = ctx;
  const player = view.players[seat];
  const pantheon = player.pantheon;
  const me = ctx.seat === seat;
  const turn = !view.terminal && view.to_move === seat && view.phase !== "pantheon";
  const seatInfo = (payload.seats || []).find((s) => s.seat === seat) || {};
  const deckTitle = player.deck_cards && player.deck_cards.length
    ? `Left in the deck (order unknown): ${player.deck_cards.map(cardName).join(", ")}`
    : "The deck is empty";
  const stat = (cls, label, value, iconName, extra = {}) =>
    h(`div.stat.${cls}`, { title: extra.title || label }, h("span.stat-label", null, icon(iconName), label), h("span.stat-value", { data: extra.data || null }, value));
  return h(
    "section.player",
    {
      class: [pantheon ? `player-${pantheon}` : null, turn ? "turn" : null, me ? "me" : null, `player-${where}`],
      style: { "--seat": ctx.colour(seat) },
      data: { seat, pantheon: pantheon || "" },
    },
    h(
      "header.player-head",
      null,
      h("span.player-emblem", null, icon(pantheon === "norse" ? "axe" : pantheon === "greek" ? "column" : "star")),
      h("span.player-name", null, ctx.seatName(seat)),
      h("span.player-who", null, me ? "you" : seatInfo.bot ? `bot · ${seatInfo.bot}` : `seat ${seat}`),
      turn ? h("span.player-turn", null, "to play") : null,
    ),
    h(
      "div.player-stats",
      null,
      stat("glory", "Glory", String(player.glory), "star", { data: { glory: seat } }),
      h("div.stat.strength", { title: "Strength tokens" }, h("span.stat-label", null, icon("bolt"), "Strength"), tokens(player.strength)),
      stat("icons", "Icons", String(player.icons), "eye", { title: "Allegiance icons of this pantheon visible on the battlefield" }),
      h(
        "div.stat.deck",
        { title: deckTitle },
        h("span.stat-label", null, icon("cards"), "Deck"),
        h("span.deck-stack", { class: pantheon ? `back-${pantheon}` : null }, h("span.deck-count", null, String(player.deck))),
      ),
      view.rounds > 1 ? stat("wins", "Wins", String(player.wins), "crown") : null,
    ),
    h(
      "div.discard",
      null,
      h("span.stat-label", null, `Discard pile (${player.discard.length})`),
      h(
        "div.discard-cards",
        null,
        player.discard.length
          ? player.discard.map((id, i) =>
              miniCard(id, {}, marks.discards.has(seat) && i === player.discard.length - 1 ? "discarded" : null),
            )
          : h("span.muted", null, "empty"),
      ),
    ),
  );
}

function choiceTray(ctx) {
  const { view, moves } = ctx;
  const verbs = ["recycle", "raise"];
  const choices = moves.enabled ? moves.legal.filter((a) => verbs.includes(a.split(" ")[0])) : [];
  if (!choices.length) return null;
  const placedCard = (view.battlefield || []).find((c) => c.square === view.placed);
  const who = placedCard ? placedCard.name : "Your card";
  const verb = choices[0].split(" ")[0];
  const prompt =
    verb === "recycle"
      ? `${who}: pick a card of your discard pile to shuffle back into your deck.`
      : `${who}: pick a card of your discard pile to raise over ${who}.`;
  return h(
    "div.choice-tray",
    null,
    h("p.tray-prompt", null, prompt),
    h(
      "div.tray-cards",
      null,
      choices.map((action) => {
        const id = action.split(" ")[1];
        const node = cardFace({ card: id }, { size: "full" });
        node.classList.add("choice");
        return moves.bind(node, action, { label: `${title(verb)} ${cardName(id)}` });
      }),
    ),
  );
}

/** Does the Power the view gives a drawn card (what it would fight with) differ from print? */
function powerDiffers(id, power) {
  const card = cardData(id);
  return card !== null && power !== null && power !== undefined && power !== card.power;
}

function drawnPanel(ctx) {
  const { view, moves } = ctx;
  const drawn = view.drawn;
  const owner = view.to_move;
  const items = [];
  if (view.phase === "strength" && moves.enabled) {
    const placedCard = (view.battlefield || []).find((c) => c.square === view.placed);
    const have = view.players[owner].strength;
    items.push(
      h(
        "div.strength-step",
        null,
        h("p.tray-prompt", null, `Strength step: you have ${have} token${have === 1 ? "" : "s"}.`),
        h(
          "div.tray-buttons",
          null,
          moves.button("power", `+1 Power on ${placedCard ? placedCard.name : "your card"}`, "power"),
          moves.starting("shatter").length
            ? h("span.hint", null, "or click a marked shield to shatter it")
            : null,
          moves.button("done", "To battle ⚔", "primary"),
        ),
      ),
    );
  }
  if (drawn) {
    const mine = ctx.seat === owner;
    const who = mine ? "Your draw" : `${ctx.seatName(owner)} drew`;
    const face =
      drawn === "hidden"
        ? cardBack(`${ctx.seatName(owner)} has drawn a card`, { size: "large", pantheon: view.players[owner].pantheon })
        : cardFace({ card: drawn, power: view.drawn_power }, { size: "large" });
    face.id = "drawn-card";
    items.push(
      h(
        "div.drawn",
        null,
        h("h4", null, who),
        face,
        drawn !== "hidden" && moves.enabled
          ? h(
              "div.tray-buttons",
              null,
              moves.has("discard")
                ? moves.button("discard", "Discard and draw again", "discard")
                : moves.bind(h("button.move.discard.refused", { type: "button" }, "Discard and draw again"), "discard"),
              moves.starting("place").length ? h("p.hint", null, "Click a glowing square to place it.") : null,
            )
          : null,
        drawn !== "hidden" && powerDiffers(drawn, view.drawn_power)
          ? h("p.hint.drawn-power", null, `Power ${view.drawn_power} if placed now (printed ${cardData(drawn).power}).`)
          : null,
        view.phase === "place" && drawn !== "hidden"
          ? h("p.hint", null, "After a discard this card must be played.")
          : null,
      ),
    );
  }
  const tray = choiceTray(ctx);
  if (tray) items.push(tray);
  if (!items.length) return null;
  return h("div.hand", null, items);
}

function tableInfo(ctx, marks) {
  const { view } = ctx;
  return h(
    "div.table-info-line",
    null,
    h("span", { title: "Strength tokens left in the supply" }, icon("bolt"), ` Supply ${view.supply}`),
    view.box && view.box.length
      ? h("span.box", null, "In the box: ", view.box.map((id) => miniCard(id, {}, marks.boxed.has(id) ? "boxed" : null)))
      : null,
    view.rounds > 1
      ? h("span", null, `Game ${view.results.length + (view.terminal ? 0 : 1)} · first to ${view.wins_needed} wins`)
      : null,
  );
}

function changes(ctx) {
  const { ui, view } = ctx;
  const prev = ui.prev;
  if (!prev || !ctx.payload) return null;
  const notes = [];
  const flipped = (view.battlefield || []).filter(
    (c) => prev.board[c.square] && prev.board[c.square] !== c.allegiance,
  );
  for (const card of flipped) {
    notes.push(`${card.name} (${card.square}) captured by ${title(card.allegiance)}`);
  }
  (view.players || []).forEach((p, seat) => {
    const was = prev.players[seat];
    if (!was) return;
    if (p.glory > was.glory) notes.push(`${ctx.seatName(seat)} +${p.glory - was.glory} Glory`);
  });
  if (!notes.length) return null;
  return h("div.changes#changes", null, h("strong", null, "Just now: "), notes.join(" · "));
}

function seatNameOf(view, seat) {
  const pantheon = view.players && view.players[seat] ? view.players[seat].pantheon : null;
  return pantheon ? title(pantheon) : `Seat ${seat}`;
}

// --- the renderer -------------------------------------------------------------------------------

export default {
  id: "mythic-arena",

  title() {
    return "Mythic Arena";
  },

  seatName(payload, seat) {
    return seatNameOf(payload.view || {}, seat);
  },

  seatColour(payload, seat) {
    const players = (payload.view && payload.view.players) || [];
    const pantheon = players[seat] ? players[seat].pantheon : null;
    return pantheon ? PANTHEON_COLOUR[pantheon] : null;
  },

  instruction(payload) {
    const view = payload.view;
    const placedCard = (view.battlefield || []).find((c) => c.square === view.placed);
    const name = placedCard ? placedCard.name : "your card";
    switch (view.phase) {
      case "pantheon":
        return "Choose your pantheon; the other player takes the other one.";
      case "decide":
        return `You drew ${cardName(view.drawn)}: click a glowing square to place it, or discard it (then you must play the next card).`;
      case "place":
        return `Place ${cardName(view.drawn)}: click a glowing square.`;
      case "ability":
        if (view.pending === "capture-any") return `${name}: click an opposing card to capture it.`;
        if (view.pending === "recycle") return `${name}: pick a discarded card to shuffle back into your deck.`;
        if (view.pending === "raise-dead") return `${name}: pick a discarded card to raise over ${name}.`;
        return `${name}: choose.`;
      case "strength":
        return `Spend Strength tokens: +1 Power on ${name}, shatter a marked shield, or go to battle.`;
      default:
        return null;
    }
  },

  render(ctx) {
    const { view, payload, ui } = ctx;
    remember(ui, payload);
    const flipped = flippedSquares(ui, view);
    if (view.phase === "pantheon" && !view.terminal) {
      return h(
        "div.arena.arena-setup",
        { data: { renderer: "mythic-arena", phase: view.phase } },
        h("h2.setup-title", null, ctx.moves.enabled ? "Choose your pantheon" : "The first player chooses a pantheon…"),
        pantheonChoice(ctx),
      );
    }
    // The viewer's own panel at the bottom; a spectator sees seat 0 at the bottom. On a wide
    // screen the battlefield takes the window's height on the left and the opponent, the
    // drawn card (or the step's choices) and the viewer's panel stand beside it.
    const bottom = ctx.seat === null ? 0 : ctx.seat;
    const top = 1 - bottom;
    const marks = recentMarks(ctx);
    return h(
      "div.arena",
      { data: { renderer: "mythic-arena", phase: view.phase } },
      h(
        "div.arena-field",
        null,
        playerPanel(ctx, top, marks, "top"),
        h(
          "div.field-middle",
          null,
          h(
            "div.battlefield-wrap",
            null,
            battlefield(ctx, flipped, marks),
            h("div.field-notes", null, legend(), tableInfo(ctx, marks), changes(ctx)),
          ),
        ),
        drawnPanel(ctx) || h("div.hand.hand-empty"),
        playerPanel(ctx, bottom, marks, "bottom"),
      ),
    );
  },


  scoreLabel(payload) {
    const view = payload.view || {};
    return view.rounds > 1 ? "Glory (last game)" : "Glory";
  },

  result(payload) {
    const view = payload.view || {};
    const results = view.results || [];
    if (!results.length) return null;
    const last = results[results.length - 1];
    const tie = last.glory[0] === last.glory[1];
    const table = h(
      "table.end-detail#arena-results",
      null,
      h(
        "thead",
        null,
        h(
          "tr",
          null,
          h("th", null, results.length > 1 ? "Glory · icons · Strength" : ""),
          [0, 1].map((s) => h("th", null, seatNameOf(view, s))),
        ),
      ),
      h(
        "tbody",
        null,
        results.map((r) =>
          h(
            "tr",
            null,
            h("td", null, results.length > 1 ? `Game ${r.game}` : "Glory · icons · Strength"),
            [0, 1].map((s) =>
              h(
                "td.num",
                { class: r.winners.includes(s) ? "winner" : null },
                `${r.glory[s]} · ${r.icons[s]} · ${r.strength[s]}`,
              ),
            ),
          ),
        ),
        view.rounds > 1
          ? h(
              "tr.wins-row",
              null,
              h("td", null, "Games won"),
              [0, 1].map((s) => h("td.num", null, String(view.players[s].wins))),
            )
          : null,
      ),
    );
    return h(
      "div",
      null,
      table,
      tie && results.length === 1
        ? h(
            "p.end-note",
            null,
            last.winners.length > 1
              ? "Equal Glory and equal unused Strength tokens: the game is drawn."
              : "Equal Glory: the side with more unused Strength tokens wins.",
          )
        : null,
    );
  },
};
