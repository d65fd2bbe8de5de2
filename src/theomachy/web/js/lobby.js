// The lobby: pick a game, its player count, options and bot seats; create the table (its
// creator takes the first person's seat at once); copy the other seats' invitation links; see
// the open and recent tables.

import { api } from "./api.js";
import { ago, copyText, h, replace, toast } from "./dom.js";
import { knownSeats, rememberHost, rememberInvite, rememberSeat } from "./store.js";

const state = {
  games: [],
  agents: [],
  levels: [], // {name, description}: the four levels, offered first
  advanced: [], // {name, description, parameters}: the other agents, offered after them
  game: null,
  players: 2,
  seats: [],
  open: false, // an open (analysis) table: a chosen seed, hidden set-up in the options
  refresh: null,
};

function gameById(id) {
  return state.games.find((g) => g.id === id) || null;
}

function titleOf(id) {
  const game = gameById(id);
  return game ? game.title : id;
}

/** Docstring-ish option help without its ``code`` marks. */
export async function showLobby(root) {
  document.title = "Theomachy — lobby";
  const form = h("section.panel.create#create-panel", null, h("p.muted", null, "Loading games…"));
  const created = h("section.panel.created#created", { hidden: true });
  const tables = h("div.lobby-tables");
  replace(
    root,
    h(
      "div.lobby",
      null,
      h(
        "header.lobby-head",
        null,
        h("h1.brand", null, h("span.bolt", { "aria-hidden": "true" }, "ϟ"), "Theomachy"),
        h("p.tagline", null, "Mythological board games: play a friend, a bot, or watch the gods fight."),
      ),
      h("div.lobby-grid", null, h("div.lobby-main", null, form, created), tables),
    ),
  );
  try {
    const data = await api.games();
    state.games = data.games;
    state.agents = data.agents;
    state.levels = data.levels || [];
    // An older server lists names only: every agent is then an advanced one, without words.
    state.advanced =
      data.advanced ||
      data.agents.map((name) => ({ name, description: "", parameters: {} }));
  } catch (error) {
    replace(form, h("p.error", null, `Cannot load the games: ${error.message}`));
    return;
  }
  const params = new URLSearchParams(location.search);
  const wanted = params.get("game");
  state.game = gameById(wanted) ? wanted : state.games[0] ? state.games[0].id : null;
  state.tablesBox = tables;
  drawForm(form, created);
  await drawTables(tables);
  clearInterval(state.refresh);
  state.refresh = setInterval(() => drawTables(tables), 5000);
}

function drawForm(form, created) {
  const game = gameById(state.game);
  if (!game) {
    replace(form, h("p.muted", null, "No games are installed."));
    return;
  }
  if (state.players < game.min_players || state.players > game.max_players) {
    state.players = game.default_players;
  }
  // Seat kinds: "person" or an agent name; seat 1 defaults to a bot so one person can play.
  while (state.seats.length < game.max_players) {
    state.seats.push({ kind: state.seats.length === 0 ? "person" : defaultAgent(), params: "" });
  }

  const pickers = h(
    "div.game-picker",
    { role: "radiogroup", "aria-label": "Game" },
    state.games.map((g) =>
      h(
        "button.game-choice",
        {
          type: "button",
          role: "radio",
          "aria-checked": String(g.id === state.game),
          class: g.id === state.game ? "chosen" : null,
          data: { game: g.id },
          onclick: () => {
            state.game = g.id;
            drawForm(form, created);
          },
        },
        h("span.game-title", null, g.title),
        g.description ? h("span.game-blurb", null, g.description) : null,
        h(
          "span.game-meta",
          null,
          g.min_players === g.max_players
            ? `${g.min_players} players`
            : `${g.min_players}–${g.max_players} players`,
        ),
      ),
    ),
  );

  const players = h(
    "select#players",
    {
      name: "players",
      onchange: (event) => {
        state.players = Number(event.target.value);
        drawForm(form, created);
      },
    },
    range(game.min_players, game.max_players).map((n) =>
      h("option", { value: String(n), selected: n === state.players }, `${n} players`),
    ),
  );

  const seats = h(
    "div.seat-rows",
    null,
    range(0, state.players - 1).map((seat) => seatRow(seat)),
  );

  // Options that set a seat's hidden set-up (Mythic Wars' factions) belong to open tables
  // only: at a normal table each seat makes those choices inside the game.
  const secret = new Set(game.secret_options || []);
  const publicOptions = Object.entries(game.options).filter(([name]) => !secret.has(name));
  const secretOptions = Object.entries(game.options).filter(([name]) => secret.has(name));
  const options = h(
    "div.options",
    null,
    publicOptions.map(([name, schema]) => optionField(name, schema)),
  );
  const openTable = openTableBox(secretOptions);
  const error = h("p.error#create-error", { role: "alert" });
  const submit = h("button.primary#create", { type: "submit" }, "Create table");

  const clockBox = timeControlBox();
  const body = h(
    "form.create-form",
    {
      onsubmit: async (event) => {
        event.preventDefault();
        error.textContent = "";
        submit.disabled = true;
        try {
          await create(game, options, openTable, created, clockBox);
        } catch (problem) {
          error.textContent = problem.message;
        } finally {
          submit.disabled = false;
        }
      },
    },
    h("h2", null, "New table"),
    pickers,
    h("div.form-row", null, h("label", { for: "players" }, "Players"), players),
    h("h3", null, "Seats"),
    h(
      "p.hint",
      null,
      "You take the first person's seat; each other person gets an invitation link. Bots play the rest.",
    ),
    seats,
    publicOptions.length
      ? [
          h("h3", null, "Options"),
          options,
        ]
      : null,
    clockBox,
    openTable,
    error,
    h("div.form-actions", null, submit),
  );
  replace(form, body);
}

/**
 * The "Open table (analysis)" box: when ticked, the seed and the game's hidden set-up options
 * may be chosen, and every seat of the table is told that its hidden information is
 * predictable. Unticked, its fields are hidden and disabled (and not sent).
 */
function openTableBox(secretOptions) {
  const seed = h("input#seed", { type: "number", min: "0", step: "1", placeholder: "random", name: "seed" });
  const fields = h(
    "div.open-fields#open-fields",
    null,
    h("div.form-row", null, h("label", { for: "seed" }, "Seed"), seed),
    secretOptions.map(([name, schema]) => optionField(name, schema)),
  );
  const sync = () => {
    fields.hidden = !state.open;
    for (const input of fields.querySelectorAll("input, select")) input.disabled = !state.open;
    box.classList.toggle("ticked", state.open);
  };
  const tick = h("input#open-table", {
    type: "checkbox",
    name: "open",
    checked: state.open,
    onchange: (event) => {
      state.open = event.target.checked;
      sync();
    },
  });
  const chosen = secretOptions.map(([name, schema]) => (schema.title || name).toLowerCase());
  const box = h(
    "div.open-box",
    null,
    h("label.open-tick", { for: "open-table" }, tick, h("span", null, "Open table (analysis)")),
    h(
      "p.hint.open-why",
      null,
      `For study, not for a fair game: you choose the seed${chosen.length ? ` and the ${chosen.join(", ")}` : ""}, so hidden cards and dice are predictable, and every seat is told so.`,
    ),
    fields,
  );
  sync();
  return box;
}

/**
 * The time control: each person's minutes for the game and the seconds added when their turn
 * passes, and how long a person may be gone on their turn. When either runs out a bot of the
 * table's level plays for them until they take their seat back.
 */
function timeControlBox() {
  const select = (id, label, choices, hint) =>
    h(
      "div.form-row",
      null,
      h("label", { for: id }, label),
      h(`select#${id}`, null, choices.map(([value, words]) => h("option", { value }, words))),
      hint ? h("p.hint", null, hint) : null,
    );
  return h(
    "details.clock-box#clock-box",
    null,
    h("summary", null, "Turn clock (optional)"),
    select("clock-minutes", "Time per player", [
      ["", "No clock"],
      ["5", "5 minutes"],
      ["10", "10 minutes"],
      ["20", "20 minutes"],
      ["45", "45 minutes"],
      ["90", "90 minutes"],
    ]),
    select("clock-increment", "Added each turn", [
      ["0", "nothing"],
      ["5", "5 seconds"],
      ["15", "15 seconds"],
      ["30", "30 seconds"],
      ["60", "1 minute"],
    ]),
    select(
      "clock-away",
      "Away limit",
      [
        ["", "none"],
        ["60", "1 minute"],
        ["180", "3 minutes"],
        ["600", "10 minutes"],
      ],
      "When a player's time runs out, or they are disconnected on their turn for longer than this, a bot of the table's level plays for them until they take their seat back. Everyone sees it.",
    ),
  );
}

/** The time control the box asks for (null: none). */
function readClock(box) {
  const minutes = box.querySelector("#clock-minutes").value;
  const away = box.querySelector("#clock-away").value;
  if (!minutes && !away) return null;
  const clock = {};
  if (minutes) {
    clock.minutes = Number(minutes);
    clock.increment = Number(box.querySelector("#clock-increment").value);
  }
  if (away) clock.away = Number(away);
  return clock;
}

/** A new bot seat plays the medium level (greedy on a server without levels). */
function defaultAgent() {
  for (const name of ["medium", "greedy"]) if (state.agents.includes(name)) return name;
  return state.agents[0] || "person";
}

function levelOf(name) {
  return state.levels.find((level) => level.name === name) || null;
}

function advancedOf(name) {
  return state.advanced.find((agent) => agent.name === name) || null;
}

/** "Medium" for "medium". */
function capital(name) {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** What a seat's choice means, in words: a level's description, or an advanced agent's with
 * the parameters it takes. Empty for a person. */
function seatWords(kind) {
  const level = levelOf(kind);
  if (level) return level.description;
  const agent = advancedOf(kind);
  if (!agent) return "";
  const params = Object.entries(agent.parameters || {});
  const settable = params.length
    ? ` Parameters (optional): ${params.map(([key, range]) => `${key}, ${range}`).join("; ")}.`
    : "";
  return `${agent.description || `Bot: ${agent.name}.`}${settable}`;
}

function seatRow(seat) {
  const entry = state.seats[seat];
  const takesParams = (kind) => Object.keys((advancedOf(kind) || {}).parameters || {}).length > 0;
  const params = h("input.bot-params", {
    type: "text",
    id: `seat-${seat}-params`,
    placeholder: "key=value:key=value",
    title: "Agent parameters, e.g. iterations=300 for ismcts",
    "aria-label": `Seat ${seat} bot parameters`,
    value: entry.params,
    hidden: !takesParams(entry.kind),
    oninput: (event) => {
      entry.params = event.target.value;
    },
  });
  const words = h("p.seat-about", { id: `seat-${seat}-about`, "aria-live": "polite" });
  const sync = () => {
    params.hidden = !takesParams(entry.kind);
    words.textContent = seatWords(entry.kind);
    words.hidden = !words.textContent;
    row.classList.toggle("bot", entry.kind !== "person");
    row.dataset.kind = entry.kind;
  };
  const choice = (name, label, description) =>
    h("option", { value: name, selected: entry.kind === name, title: description || null }, label);
  const select = h(
    "select.seat-kind",
    {
      id: `seat-${seat}`,
      data: { seat },
      "aria-describedby": `seat-${seat}-about`,
      onchange: (event) => {
        entry.kind = event.target.value;
        sync();
      },
    },
    choice("person", "Person"),
    state.levels.length
      ? h(
          "optgroup",
          { label: "Bot level" },
          state.levels.map((level) => choice(level.name, `Bot: ${capital(level.name)}`, level.description)),
        )
      : null,
    state.advanced.length
      ? h(
          "optgroup",
          { label: "Advanced bots" },
          state.advanced.map((agent) => choice(agent.name, `Bot: ${agent.name}`, agent.description)),
        )
      : null,
  );
  const row = h(
    "div.seat-row",
    { style: { "--seat": `var(--seat-${seat % 8})` } },
    h("label.seat-label", { for: `seat-${seat}` }, h("span.seat-dot"), `Seat ${seat}`),
    select,
    params,
    words,
  );
  sync();
  return row;
}

/** How many choices a picker row offers when a seat picks any number (an army). */
const OPEN_PICKS = 6;

/**
 * An option picked from the game's content (a God per seat, four deities per seat, a
 * scenario): a select per pick, "default" leaving the option unset; the chosen item's
 * description shows under the field.
 */
function pickerInput(name, schema) {
  const picker = schema.picker;
  const label = schema.title || name;
  const about = h("p.hint.picker-about", { id: `opt-${name}-pick` });
  // A choice made for some player counts only (a scenario) is offered for those.
  const choices = picker.choices.filter((choice) => !choice.players || choice.players.includes(state.players));
  const byValue = new Map(choices.map((choice) => [choice.value, choice]));
  const slots = picker.count === null ? OPEN_PICKS : picker.count;
  const seats = picker.per_seat ? range(0, state.players - 1) : [null];
  const select = (seat, slot) => {
    const first = slot === 0 ? "default" : "—";
    const words = seat === null ? label : `${label}, seat ${seat}${slots > 1 ? `, choice ${slot + 1}` : ""}`;
    return h(
      "select.picker-slot",
      {
        "aria-label": words,
        data: { seat: seat === null ? "" : String(seat), slot: String(slot) },
        onchange: (event) => {
          const chosen = byValue.get(event.target.value);
          about.textContent = chosen ? `${chosen.label}: ${chosen.about}` : "";
        },
      },
      h("option", { value: "" }, first),
      choices.map((choice) => h("option", { value: choice.value, title: choice.about }, choice.label)),
    );
  };
  return h(
    "div.picker",
    { id: `opt-${name}`, data: { option: name, kind: "picker" } },
    seats.map((seat) =>
      h(
        "div.picker-row",
        null,
        seat === null ? null : h("span.picker-seat", null, `Seat ${seat}`),
        range(0, slots - 1).map((slot) => select(seat, slot)),
      ),
    ),
    about,
  );
}

/** A picker's value: null when nothing is picked (the option keeps its default). */
function pickerValue(box, schema) {
  const picker = schema.picker;
  const label = schema.title || box.dataset.option;
  const rows = [...box.querySelectorAll(".picker-row")].map((row) =>
    [...row.querySelectorAll("select")].map((s) => s.value).filter(Boolean),
  );
  if (rows.every((row) => row.length === 0)) return null;
  if (picker.per_seat && rows.some((row) => row.length === 0)) {
    throw new Error(`option ${label}: choose for every seat, or for none`);
  }
  if (picker.count !== null && rows.some((row) => row.length !== picker.count)) {
    throw new Error(`option ${label}: choose ${picker.count} for each seat`);
  }
  if (!picker.per_seat) return rows[0][0];
  return picker.count === 1 ? rows.map((row) => row[0]) : rows;
}

function optionField(name, schema) {
  const id = `opt-${name}`;
  const label = schema.title || name;
  let input;
  const types = schema.anyOf ? schema.anyOf.map((s) => s.type) : [schema.type];
  if (schema.picker) {
    input = pickerInput(name, schema);
  } else if (schema.enum) {
    input = h(
      "select",
      { id, data: { option: name, kind: "enum" } },
      schema.enum.map((value) =>
        h("option", { value: String(value), selected: value === schema.default }, String(value)),
      ),
    );
  } else if (types.includes("integer") || types.includes("number")) {
    input = h("input", {
      id,
      type: "number",
      step: types.includes("integer") ? "1" : "any",
      value: schema.default === null || schema.default === undefined ? "" : String(schema.default),
      placeholder: schema.default === null ? "automatic" : "",
      data: { option: name, kind: "number", nullable: types.includes("null") ? "1" : null },
    });
  } else if (types.includes("boolean")) {
    input = h("input", { id, type: "checkbox", checked: Boolean(schema.default), data: { option: name, kind: "boolean" } });
  } else if (types.includes("string")) {
    input = h("input", {
      id,
      type: "text",
      value: schema.default === null || schema.default === undefined ? "" : String(schema.default),
      data: { option: name, kind: "string", nullable: types.includes("null") ? "1" : null },
    });
  } else {
    input = h("input", {
      id,
      type: "text",
      placeholder: schema.default === null ? "none (JSON)" : "JSON",
      value: schema.default === null || schema.default === undefined ? "" : JSON.stringify(schema.default),
      data: { option: name, kind: "json" },
    });
  }
  if (!schema.description) return h("div.form-row", null, h("label", { for: id }, label), input);
  // What the option does, in words, under its field.
  input.setAttribute("aria-describedby", `${id}-about`);
  return h(
    "div.form-row.option-row",
    null,
    h("label", { for: id }, label),
    h("div.option-field", null, input, h("p.hint.option-about", { id: `${id}-about` }, schema.description)),
  );
}

function readOptions(container, game) {
  const options = {};
  for (const input of container.querySelectorAll("[data-option]")) {
    if (input.disabled) continue;
    const name = input.dataset.option;
    const schema = game.options[name] || {};
    const kind = input.dataset.kind;
    let value;
    if (kind === "picker") {
      if (input.querySelector("select:disabled")) continue;
      value = pickerValue(input, schema);
      if (value === null) continue;
    } else if (kind === "boolean") value = input.checked;
    else if (kind === "number") {
      if (input.value === "") {
        if (input.dataset.nullable) value = null;
        else continue;
      } else value = Number(input.value);
    } else if (kind === "json") {
      if (input.value.trim() === "") continue;
      try {
        value = JSON.parse(input.value);
      } catch {
        throw new Error(`option ${schema.title || name}: not valid JSON`);
      }
    } else if (kind === "string" && input.value === "" && input.dataset.nullable) {
      value = null;
    } else value = input.value;
    if (JSON.stringify(value) === JSON.stringify(schema.default)) continue;
    options[name] = value;
  }
  return options;
}

async function create(game, optionsBox, openBox, created, clockBox) {
  const bots = {};
  for (let seat = 0; seat < state.players; seat += 1) {
    const entry = state.seats[seat];
    if (entry.kind !== "person") {
      // A level takes no parameters: only an advanced agent's are sent.
      const takes = Object.keys((advancedOf(entry.kind) || {}).parameters || {}).length > 0;
      const params = takes ? entry.params.trim().replace(/^:+/, "") : "";
      bots[String(seat)] = params ? `${entry.kind}:${params}` : entry.kind;
    }
  }
  const body = { game: game.id, players: state.players, options: readOptions(optionsBox, game), bots };
  const clock = readClock(clockBox);
  if (clock) body.clock = clock;
  if (state.open) {
    body.open = true;
    Object.assign(body.options, readOptions(openBox, game));
    const seed = openBox.querySelector("#seed");
    if (seed.value !== "") body.seed = Number(seed.value);
  }
  const table = await api.createTable(body);
  // Links are built from this page's origin (the server's own base URL may be an internal one
  // behind a proxy); the invitation travels in the fragment, which is never sent to a server.
  const base = `${location.origin}/t/${encodeURIComponent(table.table_id)}`;
  const invites = Object.fromEntries(
    table.seats.map((seat) => [seat.seat, `${base}#invite=${encodeURIComponent(seat.invite)}`]),
  );
  rememberHost(table.table_id, table.host, { game: game.id, invites });
  // The creator takes the first person's seat: its invitation is used up here and now.
  let mine = null;
  let claimError = null;
  if (table.seats.length) {
    try {
      const claim = await api.claim(table.table_id, table.seats[0].invite);
      rememberSeat(table.table_id, claim.credential, { seat: claim.seat, game: game.id });
      rememberInvite(table.table_id, claim.seat, null);
      delete invites[claim.seat];
      mine = claim.seat;
    } catch (problem) {
      claimError = problem.message;
    }
  }
  showCreated(created, game, table, { base, invites, mine, claimError });
  if (state.tablesBox) drawTables(state.tablesBox);
}

function linkRow(label, url, extra = {}) {
  const copy = h(
    "button.small.copy",
    {
      type: "button",
      data: { copy: extra.copyKey || "" },
      onclick: async () => {
        const ok = await copyText(url);
        toast(ok ? `${label}: link copied` : "Copy failed: select the link and copy it", ok ? "info" : "error");
      },
    },
    "Copy link",
  );
  return h(
    "div.link-row",
    { style: extra.seat !== undefined ? { "--seat": `var(--seat-${extra.seat % 8})` } : null, data: { invite: extra.invite } },
    h("span.link-label", null, extra.seat !== undefined ? h("span.seat-dot") : null, label),
    h("input.link", { type: "text", readonly: true, value: url, title: extra.title || null, onfocus: (e) => e.target.select() }),
    copy,
  );
}

function showCreated(created, game, table, { base, invites, mine, claimError }) {
  created.hidden = false;
  const yours =
    mine !== null
      ? h(
          "div.link-row.mine-row",
          { style: { "--seat": `var(--seat-${mine % 8})` } },
          h("span.link-label", null, h("span.seat-dot"), `Seat ${mine}`),
          h("span.mine-text", null, "Yours: this browser holds the seat."),
          h("a.button.primary.small", { href: base, data: { play: mine } }, "Play"),
        )
      : null;
  const others = Object.entries(invites).map(([seat, url]) =>
    linkRow(`Seat ${seat}`, url, {
      seat: Number(seat),
      invite: seat,
      copyKey: `invite-${seat}`,
      title: `Whoever opens this link first takes seat ${seat}`,
    }),
  );
  const bots = Object.entries(table.bots).map(([seat, spec]) =>
    h(
      "div.link-row.bot-row",
      { style: { "--seat": `var(--seat-${Number(seat) % 8})` } },
      h("span.link-label", null, h("span.seat-dot"), `Seat ${seat}`),
      h("span.muted", null, `bot: ${spec}`),
    ),
  );
  replace(
    created,
    h("h2", null, `${game.title}: table ${table.table_id}`),
    table.open ? h("p.open-note", null, "Open table: the seed is known, so hidden information is predictable.") : null,
    claimError ? h("p.error", null, `Could not take your seat (${claimError}): open its link below.`) : null,
    yours,
    others.length
      ? [
          h("h3", null, "Invitations"),
          h(
            "p.hint",
            null,
            "Send each link to one person: whoever opens it first takes that seat, and after that the link only lets others watch. From the table page you can replace an invitation.",
          ),
        ]
      : null,
    h("div.links", { data: { table: table.table_id } }, others, bots),
    linkRow("Spectators", base, { copyKey: "spectate" }),
  );
  created.scrollIntoView({ behavior: "smooth", block: "nearest" });
}

function range(a, b) {
  const out = [];
  for (let i = a; i <= b; i += 1) out.push(i);
  return out;
}

async function drawTables(box) {
  let open;
  let recent;
  try {
    [open, recent] = await Promise.all([api.tables("playing", 20), api.tables("finished", 20)]);
  } catch (error) {
    replace(box, h("section.panel", null, h("p.error", null, `Cannot list tables: ${error.message}`)));
    return;
  }
  const seats = knownSeats();
  replace(
    box,
    h(
      "section.panel.table-list#open-tables",
      null,
      h("h2", null, "Open tables"),
      open.tables.length ? tableList(open.tables, seats) : h("p.muted", null, "No game is being played."),
    ),
    h(
      "section.panel.table-list#recent-tables",
      null,
      h("h2", null, "Recent tables"),
      recent.tables.length ? tableList(recent.tables, seats) : h("p.muted", null, "No finished games yet."),
    ),
  );
}

function tableList(tables, seats) {
  return h(
    "ul.tables",
    null,
    tables.map((t) => {
      const mine = seats[t.table_id];
      const bots = Object.keys(t.bots || {}).length;
      const people = t.players - bots;
      const finished = t.status === "finished";
      // The game's names for its winners where it gives them ("Norse", "Zeus"), else seats.
      const names = t.winner_names && t.winner_names.length ? t.winner_names : (t.winners || []).map((w) => `Seat ${w}`);
      const winners = names.join(" and ");
      return h(
        "li.table-item",
        { data: { table: t.table_id, status: t.status } },
        h(
          "div.table-info",
          null,
          h(
            "span.table-game",
            null,
            titleOf(t.game),
            t.open
              ? h("span.chip.open-chip", { title: "An open table: its seed is known, so its hidden information is predictable" }, "seeded")
              : null,
          ),
          h(
            "span.table-meta",
            null,
            `${people} ${people === 1 ? "person" : "people"}, ${bots} ${bots === 1 ? "bot" : "bots"} · ${t.seq} moves · ${ago(t.updated_at)}`,
          ),
          finished && winners ? h("span.table-winners", null, `Won by ${winners}`) : null,
        ),
        h(
          "div.table-links",
          null,
          mine && !finished
            ? h("a.button.small.primary", { href: `/t/${encodeURIComponent(t.table_id)}` }, `Resume seat ${mine.seat ?? ""}`.trim())
            : null,
          finished
            ? h("a.button.small", { href: `/t/${encodeURIComponent(t.table_id)}?replay=1${mine ? "" : "#spectate"}` }, "Replay")
            : h("a.button.small", { href: `/t/${encodeURIComponent(t.table_id)}#spectate` }, "Watch"),
        ),
      );
    }),
  );
}
