// A table: the common frame around a game's renderer. Seats and whose turn it is (who is
// connected, which seats wait for a player, a bot that cannot move), the game itself (drawn by
// its renderer, legal actions bound to clicks), the moves no renderer drew as buttons, a
// readable log, the end screen, and the replay viewer. The table's creator may give a person's
// seat a new invitation from here.

import { api, TableSocket } from "./api.js";
import { copyText, h, replace, toast } from "./dom.js";
import { Moves } from "./moves.js";
import { setSound, soundOn, TurnNotifier } from "./notify.js";
import { rendererFor, seatColour } from "./render/index.js";
import { forgetSeat, hostFor, preference, rememberHost, rememberInvite, rememberSeat, setPreference } from "./store.js";

const CHANCE = -1;
const AUTO_PLAY = "auto-play";
const AUTO_PLAY_PAUSE_MS = 700;
const CONFIRM = "confirm-moves";

/** Whether steps with one possible move are played for the person (on unless turned off). */
function autoPlayOn() {
  return preference(AUTO_PLAY, true) !== false;
}

/** Whether each move waits for a Confirm before it is sent (off unless turned on). */
function confirmOn() {
  return preference(CONFIRM, false) === true;
}

/** What a move is called on the board: its element's label or text, else its notation. */
function moveLabel(action) {
  const el = document.querySelector(`[data-action="${CSS.escape(action)}"]`);
  const words = el ? (el.getAttribute("aria-label") || el.textContent || "").replace(/\s+/g, " ").trim() : "";
  return words && words.length <= 80 ? words : action;
}

export async function showTable(root, { tableId, token, renderer: forced, notice = null }) {
  const page = new TablePage(root, tableId, token, forced, notice);
  await page.start();
  return page;
}

class TablePage {
  constructor(root, tableId, token, forced, notice) {
    this.root = root;
    this.tableId = tableId;
    this.token = token; // this seat's credential (null: watching)
    this.forced = forced;
    this.noticeText = notice; // why this page watches although a seat was asked for
    this.host = hostFor(tableId); // {host, invites} when this browser created the table
    this.presence = null; // {connected: Set of seats, spectators} as the socket last said
    this.renderer = null;
    this.live = null; // the latest pushed payload
    this.pending = null; // {action, seq, timer} while an action is in flight
    this.staged = null; // {action, seq}: a move waiting for the person's Confirm
    this.lastWhy = null; // {action, at}: the refusal last asked about (one question a click)
    this.clock = null; // {message, at}: the table's clocks as last pushed, and when (ms)
    this.clockTicker = null;
    this.ui = {}; // the renderer's own UI state (a selection), kept across redraws
    this.endDismissed = false;
    // The replay viewer; once the game is over it may show any seat's eyes (``as``: a seat,
    // "spectator", or null for one's own) and everything hidden (``reveal``).
    this.replay = { active: false, step: 0, length: 0, payload: null, cache: new Map(), timer: null, as: null, reveal: true };
    this.connection = "connecting";
    this.socket = null;
    this.poller = null;
    this.logKey = null;
  }

  // --- start-up ---------------------------------------------------------------------------
  async start() {
    this.buildSkeleton();
    let first;
    try {
      first = await api.view(this.tableId, this.token);
    } catch (error) {
      if (this.token && (error.status === 401 || error.status === 403)) {
        // A credential this browser kept that is no longer a seat (the table's creator gave
        // the seat a new invitation): watch instead.
        forgetSeat(this.tableId);
        this.showNotice("Your seat was given to someone else by the table's creator: you are watching.");
        this.token = null;
        try {
          first = await api.view(this.tableId, null);
        } catch (again) {
          this.fail(again.message);
          return;
        }
      } else {
        this.fail(error.status === 404 ? "There is no such table." : error.message);
        return;
      }
    }
    if (this.token && first.seat !== null && first.seat !== undefined) {
      rememberSeat(this.tableId, this.token, { seat: first.seat, game: first.game });
    }
    this.renderer = await rendererFor(first.game, this.forced);
    try {
      const games = await api.games();
      this.titles = Object.fromEntries(games.games.map((g) => [g.id, g.title]));
    } catch {
      this.titles = {};
    }
    this.main.dataset.renderer = this.renderer.id;
    this.live = first;
    this.draw();
    this.connect();
    const params = new URLSearchParams(location.search);
    if (params.has("replay")) this.openReplay(null);
    document.addEventListener("keydown", (event) => {
      if (event.target.closest && event.target.closest("input, textarea, select")) return;
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === "z") {
        if (this.live && this.live.undo > 0) {
          event.preventDefault();
          this.undo();
        }
      } else if (event.key === "Escape" && this.staged) {
        this.staged = null;
        this.draw();
      }
    });
  }

  connect() {
    this.socket = new TableSocket(this.tableId, this.token, {
      onView: (payload) => this.onView(payload),
      onPresence: (presence) => this.onPresence(presence),
      onChat: (messages) => this.onChat(messages),
      onWhy: (message) => this.onWhy(message),
      onClock: (message) => this.onClock(message),
      onError: (message) => this.onSocketError(message),
      onStatus: (status, detail, code) => this.onStatus(status, detail, code),
    });
    this.socket.connect();
  }

  fail(message) {
    replace(
      this.root,
      h(
        "main.page.table-error",
        null,
        h("h1", null, "Cannot open this table"),
        h("p.error", null, message),
        h("a.button.primary", { href: "/" }, "To the lobby"),
      ),
    );
  }

  buildSkeleton() {
    this.headTitle = h("span.head-title", null, "Loading…");
    this.connectionChip = h("span.chip.connection#connection", { data: { state: "connecting" } }, "connecting");
    // An open table's seed is known to everyone: every seat must keep seeing that.
    this.openChip = h(
      "span.chip.open-banner#open-banner",
      { hidden: true, title: "This is an open (analysis) table: its seed is known, so dice, draws and hidden set-up can be worked out" },
      "Seeded: hidden cards predictable",
    );
    this.copyButton = h(
      "button.small#copy-link",
      { type: "button", onclick: () => this.copyLink() },
      "Copy link",
    );
    this.turns = new TurnNotifier();
    this.soundButton = h(
      "button.small#turn-sound",
      {
        type: "button",
        title: "A chime when it becomes your turn",
        "aria-pressed": "false",
        onclick: () => {
          setSound(!soundOn());
          this.draw();
        },
      },
      "Sound off",
    );
    // A step with one possible move (only Pass, only End) is played for the person, unless
    // they turn it off.
    this.autoButton = h(
      "button.small#auto-play",
      {
        type: "button",
        title: "Play a step that has only one possible move (only Pass, only End) for me",
        "aria-pressed": "true",
        onclick: () => {
          setPreference(AUTO_PLAY, !autoPlayOn());
          this.draw();
        },
      },
      "Auto-play on",
    );
    this.autoTimer = null;
    this.confirmButton = h(
      "button.small#confirm-moves",
      {
        type: "button",
        title: "Ask me to confirm each move before it is played",
        "aria-pressed": "false",
        onclick: () => {
          setPreference(CONFIRM, !confirmOn());
          this.staged = null;
          this.draw();
        },
      },
      "Confirm off",
    );
    this.rulesLink = h(
      "a.button.small#rules-link",
      { href: "/", target: "_blank", rel: "noopener", title: "The rules of this game, in a new tab" },
      "Rules",
    );
    this.replayButton = h(
      "button.small#replay-open",
      { type: "button", onclick: () => (this.replay.active ? this.closeReplay() : this.openReplay(null)) },
      "Replay",
    );
    this.banner = h("div.banner#banner", { role: "status", "aria-live": "polite" });
    this.notice = h("div.notice#notice", { role: "alert", hidden: true });
    this.board = h("div.board-area#board");
    this.fallback = h("section.fallback#other-moves", { hidden: true });
    // A finished game's replay with everything hidden shown: hands, decks in order.
    this.revealBox = h("section.panel.revealed#revealed", { hidden: true });
    this.seatsBox = h("section.panel.seats#seats");
    this.logList = h("ol.log-list#log", { "aria-label": "What happened" });
    this.logBox = h("section.panel.log-panel", null, h("h3", null, "What happened"), this.logList);
    this.replayBar = h("div.replay-bar#replay", { hidden: true });
    // Table chat: seats and spectators; text goes in as text nodes, never as markup.
    this.chat = new Map(); // id -> message
    this.chatList = h("ol.chat-list#chat-list", { "aria-label": "Chat", "aria-live": "polite" });
    this.chatInput = h("input#chat-input", {
      type: "text",
      maxLength: 300,
      placeholder: "Say something to the table",
      "aria-label": "Chat message",
      autocomplete: "off",
    });
    this.chatBox = h(
      "section.panel.chat-panel#chat",
      null,
      h("h3", null, "Chat"),
      this.chatList,
      h(
        "form.chat-form#chat-form",
        {
          onsubmit: (event) => {
            event.preventDefault();
            this.sendChat();
          },
        },
        this.chatInput,
        h("button.small#chat-send", { type: "submit" }, "Send"),
      ),
    );
    this.endScreen = h("div.end-screen#end-screen", { hidden: true, role: "dialog", "aria-modal": "true" });
    // Between two games of a match (or when a player is out): the result line, over the board.
    this.interlude = h("div.interlude#interlude", { hidden: true, role: "dialog", "aria-live": "polite" });
    this.storySeen = null; // how many story lines this page has shown (null: no view yet)
    this.main = h(
      "main.table-page#table",
      { data: { table: this.tableId } },
      h(
        "header.table-head",
        null,
        h("a.brand.small-brand", { href: "/", title: "Back to the lobby" }, h("span.bolt", null, "ϟ"), "Theomachy"),
        this.headTitle,
        this.openChip,
        h("span.spacer"),
        this.connectionChip,
        this.soundButton,
        this.autoButton,
        this.confirmButton,
        this.rulesLink,
        this.copyButton,
        this.replayButton,
      ),
      h(
        "div.table-grid",
        null,
        h("div.table-centre", null, this.notice, this.banner, this.replayBar, this.board, this.fallback),
        h("aside.table-side", null, this.seatsBox, this.revealBox, this.logBox, this.chatBox),
      ),
      this.endScreen,
      this.interlude,
    );
    replace(this.root, this.main);
    if (this.noticeText) this.showNotice(this.noticeText);
  }

  /** A message that stays until dismissed (a toast would go before it is read). */
  showNotice(text) {
    this.noticeText = text;
    if (!this.notice) return;
    replace(
      this.notice,
      h("span.notice-text", null, text),
      h(
        "button.small.notice-close",
        {
          type: "button",
          "aria-label": "Dismiss",
          onclick: () => {
            this.notice.hidden = true;
          },
        },
        "OK",
      ),
    );
    this.notice.hidden = false;
  }

  // --- incoming ---------------------------------------------------------------------------
  onView(payload, { ordered = true } = {}) {
    // An older view than the one shown (an HTTP answer to a move raced a push) is dropped;
    // pushes and fresh reads come in order, and may be shorter (a move was taken back).
    if (!ordered && this.live && payload.seq < this.live.seq && payload.status === this.live.status) return;
    if (this.staged && this.staged.seq !== payload.seq) this.staged = null;
    this.live = payload;
    this.noticeResults(payload);
    const undone = this.pending && this.pending.action === "undo" && payload.seq < this.pending.seq;
    if (this.pending && (payload.seq > this.pending.seq || payload.status === "finished" || undone)) {
      this.clearPending();
    }
    if (this.replay.active) {
      this.replay.length = payload.seq;
      this.drawReplayBar();
      this.drawSeats(this.live);
      return;
    }
    this.draw();
  }

  onPresence(presence) {
    this.presence = { connected: new Set(presence.connected), spectators: presence.spectators };
    if (this.live) this.drawSeats(this.replay.active && this.replay.payload ? this.replay.payload : this.live);
  }

  onSocketError(message) {
    const status = message.status;
    if (message.chat) {
      toast(message.error || "The message was not sent", "error");
      return;
    }
    if (message.undo) {
      this.clearPending();
      toast(message.error || "The move was not taken back", "error");
      this.resync(true);
      return;
    }
    // A 403 that answers no action comes just before the server closes the connection (the
    // seat was given to someone else): the close says so (see onStatus).
    if (status === 403 && message.action === undefined) return;
    this.clearPending();
    if (status === 409) {
      this.resync();
      return;
    }
    toast(message.error || "The server refused the move", "error");
    this.draw();
  }

  onStatus(status, detail, code) {
    if (status === "failed" && code === 4403 && this.token) {
      this.loseSeat();
      return;
    }
    this.connection = status;
    const words = { connecting: "connecting…", open: "live", closed: "reconnecting…", failed: "offline" };
    this.connectionChip.textContent = words[status] || status;
    this.connectionChip.dataset.state = status;
    if (status === "failed" && detail) toast(detail, "error");
    if (status === "open") {
      // The connection's first message is the whole view: no need to ask for it.
      this.stopPolling();
    } else if (status === "closed" || status === "failed") {
      this.presence = null;
      // Without the socket nothing is pushed: ask for the view every few seconds instead.
      this.startPolling();
    }
  }

  /** The seat's credential was revoked (a new invitation for the seat): go on as a spectator. */
  loseSeat() {
    forgetSeat(this.tableId);
    this.token = null;
    this.clearPending();
    this.showNotice(
      this.gaveAwayOwnSeat
        ? "You gave your own seat a new invitation: you are watching until someone opens it."
        : "Your seat was given to someone else by the table's creator: you are watching.",
    );
    this.resync(true);
    this.connect();
  }

  startPolling() {
    if (this.poller) return;
    this.poller = setInterval(() => this.resync(true), 2500);
  }

  stopPolling() {
    clearInterval(this.poller);
    this.poller = null;
  }

  async resync(quiet = false) {
    try {
      this.onView(await api.view(this.tableId, this.token));
    } catch (error) {
      if (!quiet) toast(`Cannot refresh the table: ${error.message}`, "error");
    }
  }

  // --- acting -----------------------------------------------------------------------------
  /** Play ``action``: at once, or (with Confirm on) once the person confirms it; ``forced``:
   * a step with one possible move, played for the person without asking. */
  act(action, { forced = false, confirmed = false } = {}) {
    if (this.pending || !this.live || this.replay.active) return;
    const seq = this.live.seq;
    if (confirmOn() && !forced && !confirmed) {
      this.staged = { action, seq, label: moveLabel(action) };
      this.draw();
      return;
    }
    this.staged = null;
    this.pending = {
      action,
      seq,
      timer: setTimeout(() => {
        // No answer in time: show the table as the server has it.
        this.clearPending();
        this.resync();
      }, 10000),
    };
    this.main.dataset.pending = action;
    this.turns.handOver();
    this.draw();
    if (this.socket && this.socket.send({ type: "action", action, seq })) return;
    api
      .act(this.tableId, this.token, action, seq)
      .then((payload) => this.onView(payload, { ordered: false }))
      .catch((error) => {
        this.clearPending();
        if (error.status === 409) this.resync();
        else toast(error.message, "error");
        this.draw();
      });
  }

  /** Take my latest move back (the server says when that may be: payload.undo). */
  undo() {
    if (this.pending || !this.live || this.replay.active || !(this.live.undo > 0)) return;
    const seq = this.live.seq;
    this.staged = null;
    this.pending = {
      action: "undo",
      seq,
      timer: setTimeout(() => {
        this.clearPending();
        this.resync();
      }, 10000),
    };
    this.draw();
    if (this.socket && this.socket.send({ type: "undo", seq })) return;
    api
      .undo(this.tableId, this.token, seq)
      .then((payload) => {
        this.clearPending();
        this.onView(payload);
      })
      .catch((error) => {
        this.clearPending();
        toast(error.message, "error");
        this.resync(true);
      });
  }

  /** Say why ``action`` (a thing clicked that is not a move now) cannot be played. */
  explain(action) {
    if (!this.live || this.replay.active || this.pending) return;
    const view = this.live.view || {};
    const mine = this.live.seat;
    if (this.live.status !== "playing") return;
    if (view.current_player !== mine) {
      const current = view.current_player;
      const who = current >= 0 ? this.seatName(this.live, current) : "chance";
      toast(`Not your turn: waiting for ${who}.`, "refused");
      return;
    }
    const now = Date.now();
    if (this.lastWhy && this.lastWhy.action === action && now - this.lastWhy.at < 1500) return;
    this.lastWhy = { action, at: now };
    if (this.socket && this.socket.send({ type: "why", action })) return;
    api
      .why(this.tableId, this.token, action)
      .then((answer) => this.onWhy(answer))
      .catch(() => {});
  }

  onWhy(message) {
    if (message && typeof message.reason === "string" && message.reason) {
      toast(message.reason, "refused");
    }
  }

  /** A result line that arrived while the table plays on (a game of a match is over, a
   * player is out) is said over the board until the person goes on; lines already there when
   * the page opened are not. The end of the whole game has its own screen. */
  noticeResults(payload) {
    const story = Array.isArray(payload.story) ? payload.story : [];
    const seen = this.storySeen;
    this.storySeen = story.length;
    if (seen === null || payload.status !== "playing" || story.length <= seen) return;
    const results = story.slice(seen).filter((line) => line.kind === "result");
    if (!results.length) return;
    const close = () => {
      this.interlude.hidden = true;
    };
    replace(
      this.interlude,
      h("h2#interlude-title", null, "Result"),
      results.map((line) =>
        h(
          "p.interlude-text",
          null,
          Number.isInteger(line.seat) ? h("strong", null, `${this.seatName(payload, line.seat)}: `) : null,
          line.text,
        ),
      ),
      h("button.primary#interlude-close", { type: "button", onclick: close }, "Go on"),
    );
    this.interlude.hidden = false;
  }

  // --- chat -------------------------------------------------------------------------------
  sendChat() {
    const text = this.chatInput.value.trim();
    if (!text) return;
    if (!this.socket || !this.socket.send({ type: "chat", text })) {
      toast("Not connected: the message was not sent", "error");
      return;
    }
    this.chatInput.value = "";
  }

  onChat(messages) {
    for (const message of messages) {
      if (message && Number.isInteger(message.id)) this.chat.set(message.id, message);
    }
    const ids = [...this.chat.keys()].sort((a, b) => a - b);
    for (const id of ids.slice(0, Math.max(0, ids.length - 100))) this.chat.delete(id);
    this.drawChat();
  }

  drawChat() {
    const payload = this.live;
    if (!payload) return;
    const messages = [...this.chat.values()].sort((a, b) => a.id - b.id);
    const atBottom = this.chatList.scrollHeight - this.chatList.scrollTop - this.chatList.clientHeight < 40;
    replace(
      this.chatList,
      messages.length
        ? messages.map((message) => {
            const seated = Number.isInteger(message.seat);
            return h(
              "li.chat-item",
              { style: seated ? { "--seat": this.colour(payload, message.seat) } : null, title: message.at },
              h("span.log-who", null, seated ? this.seatName(payload, message.seat) : "Spectator"),
              h("span.chat-text", null, String(message.text)),
            );
          })
        : h("li.muted", null, "No messages yet."),
    );
    if (atBottom) this.chatList.scrollTop = this.chatList.scrollHeight;
  }

  /** Take my seat at this table's rematch (creating it if nobody asked yet), then go there. */
  async rematch() {
    try {
      const next = await api.rematch(this.tableId, this.token);
      rememberSeat(next.table_id, next.credential, { seat: next.seat, game: this.live.game });
      if (next.host) rememberHost(next.table_id, next.host, { game: this.live.game });
      location.assign(`/t/${encodeURIComponent(next.table_id)}`);
    } catch (error) {
      toast(error.message, "error");
    }
  }

  /** Play ``action`` for the person in a moment (the step had no other move); null: cancel
   * any such move not played yet. The pause lets the person see what is played. */
  scheduleAutoPlay(action) {
    if (this.autoTimer && this.autoTimer.action === action && this.autoTimer.seq === this.live.seq) return;
    if (this.autoTimer) clearTimeout(this.autoTimer.id);
    this.autoTimer = null;
    if (!action) return;
    const seq = this.live.seq;
    const id = setTimeout(() => {
      this.autoTimer = null;
      if (this.live.seq === seq && !this.replay.active && autoPlayOn()) this.act(action, { forced: true });
    }, AUTO_PLAY_PAUSE_MS);
    this.autoTimer = { id, action, seq };
  }

  clearPending() {
    if (!this.pending) return;
    clearTimeout(this.pending.timer);
    this.pending = null;
    delete this.main.dataset.pending;
  }

  // --- drawing ----------------------------------------------------------------------------
  seatName(payload, seat) {
    return this.renderer.seatName(payload, seat);
  }

  colour(payload, seat) {
    return seatColour(this.renderer, payload, seat);
  }

  draw() {
    const payload = this.replay.active && this.replay.payload ? this.replay.payload : this.live;
    if (!payload || !this.renderer) return;
    const view = payload.view || {};
    const replaying = this.replay.active;
    const mine = payload.seat !== null && payload.seat !== undefined;
    const current = view.current_player;
    const myTurn = !replaying && mine && current === payload.seat && payload.status === "playing";
    this.main.dataset.seq = String(this.live.seq);
    this.main.dataset.status = this.live.status;
    this.main.dataset.seat = mine ? String(payload.seat) : "spectator";
    this.main.dataset.turn = payload.status !== "playing" ? "none" : myTurn ? "mine" : "other";
    this.main.dataset.mode = replaying ? "replay" : "live";
    this.main.style.setProperty("--me", mine ? this.colour(payload, payload.seat) : "#8892a6");

    const title = this.renderer.title
      ? this.renderer.title(payload)
      : (this.titles && this.titles[payload.game]) || payload.game;
    const legal = myTurn ? view.legal_actions || [] : [];
    const forced = myTurn && !this.pending && legal.length === 1 && autoPlayOn() ? legal[0] : null;
    this.scheduleAutoPlay(forced);
    // A forced step played for me is not worth a chime.
    this.turns.update(myTurn && !forced, title);
    this.rulesLink.href = `/rules/${encodeURIComponent(payload.game)}`;
    const confirm = confirmOn();
    this.confirmButton.textContent = confirm ? "Confirm on" : "Confirm off";
    this.confirmButton.setAttribute("aria-pressed", String(confirm));
    const auto = autoPlayOn();
    this.autoButton.textContent = auto ? "Auto-play on" : "Auto-play off";
    this.autoButton.setAttribute("aria-pressed", String(auto));
    const sound = soundOn();
    this.soundButton.textContent = sound ? "Sound on" : "Sound off";
    this.soundButton.setAttribute("aria-pressed", String(sound));
    replace(
      this.headTitle,
      h("strong", null, title),
      h("span.muted.table-id", { title: `Table ${payload.table_id}` }, ` · table ${payload.table_id}`),
      seated(this.live)
        ? h("span.chip.you", { style: { "--seat": this.colour(payload, this.live.seat) } }, `you: ${this.seatName(payload, this.live.seat)}`)
        : h("span.chip", null, "spectator"),
      replaying && payload.seat !== this.live.seat
        ? h("span.chip#seen-as", null, `seen as ${mine ? this.seatName(payload, payload.seat) : "a spectator"}`)
        : null,
    );
    this.openChip.hidden = !this.live.open;
    this.copyButton.textContent = this.openInvites(this.live).length ? "Copy invitations" : "Copy watch link";
    // In the replay its own bar leads back to the game (the header keeps to one line).
    this.replayButton.hidden = replaying;

    this.drawBanner(payload, myTurn);
    const moves = new Moves(
      myTurn ? view.legal_actions || [] : [],
      (action) => this.act(action),
      myTurn && !this.pending && !this.staged,
      !replaying && mine && payload.status === "playing" ? (action) => this.explain(action) : null,
    );
    let node;
    try {
      node = this.renderer.render({
        payload,
        view,
        seat: mine ? payload.seat : null,
        moves,
        replay: replaying,
        recent: Array.isArray(payload.recent) ? payload.recent : [],
        ui: this.ui,
        rerender: () => this.draw(),
        seatName: (seat) => this.seatName(payload, seat),
        colour: (seat) => this.colour(payload, seat),
      });
    } catch (error) {
      console.error(error);
      node = h("p.error", null, `This game could not be drawn (${error.message}); its moves are below.`);
    }
    replace(this.board, node);
    this.drawFallback(moves);
    this.drawRevealed(payload);
    this.drawSeats(payload);
    this.drawLog(payload);
    this.drawChat();
    this.drawEnd();
  }

  drawBanner(payload, myTurn) {
    const view = payload.view || {};
    const current = view.current_player;
    let text;
    let kind = "wait";
    if (payload.status === "finished") {
      text = `Game over: ${this.winnersText(payload)}`;
      kind = "over";
    } else if (this.replay.active) {
      text = current >= 0 ? `${this.seatName(payload, current)} to play.` : current === CHANCE ? "Chance to resolve." : "";
    } else if (this.pending) {
      text = this.pending.action === "undo" ? "Taking your move back…" : `Playing ${this.pending.action}…`;
      kind = "pending";
    } else if (myTurn && this.autoTimer) {
      text = "Only one possible move: playing it for you…";
      kind = "pending";
    } else if (myTurn) {
      const hint = this.renderer.instruction ? this.renderer.instruction(payload) : null;
      text = hint ? `Your turn. ${hint}` : "Your turn.";
      kind = "mine";
    } else if (current === CHANCE) {
      text = "The dice are rolling…";
    } else if (current >= 0) {
      const seat = (payload.seats || []).find((s) => s.seat === current);
      const who = this.seatName(payload, current);
      const bot = seat && seat.bot ? ` (bot: ${seat.bot})` : "";
      text = `Waiting for ${who}${bot}…`;
      if (seat && seat.problem) {
        text = `Waiting for ${who}${bot}: ${seat.problem}`;
        kind = "stuck";
      } else if (seat && !seat.bot && !seat.claimed) {
        text = `Waiting for a player to take ${who}: share the invitation.`;
      }
    } else {
      text = "";
    }
    if (this.replay.active) {
      text = `Replay · step ${this.replay.step} of ${this.replay.length} · ${text}`;
      kind = "replay";
    }
    const buttons = [];
    const mySeat = seated(this.live) ? (this.live.seats || []).find((s) => s.seat === this.live.seat) : null;
    if (!this.replay.active && mySeat && mySeat.standin && this.live.status === "playing") {
      text =
        mySeat.standin === "time"
          ? "Your time ran out: a bot is playing for you."
          : "You were away: a bot is playing for you.";
      kind = "stuck";
      buttons.push(h("button.small.primary#take-back", { type: "button", onclick: () => this.takeSeatBack() }, "Take my seat back"));
    }
    if (!this.replay.active && this.staged && !this.pending) {
      text = `Play “${this.staged.label}”?`;
      kind = "confirm";
      buttons.push(
        h("button.small.primary#confirm-move", { type: "button", onclick: () => this.act(this.staged.action, { confirmed: true }) }, "Confirm"),
        h("button.small#cancel-move", { type: "button", onclick: () => { this.staged = null; this.draw(); } }, "Cancel"),
      );
    }
    if (!this.replay.active && !this.pending && this.live.undo > 0) {
      buttons.push(
        h(
          "button.small#undo",
          { type: "button", title: "Take back your last move (Ctrl+Z): nothing hidden was shown, nobody else has moved", onclick: () => this.undo() },
          "↶ Undo",
        ),
      );
    }
    this.banner.dataset.kind = kind;
    replace(
      this.banner,
      current >= 0 && payload.status === "playing"
        ? h("span.turn-dot", { style: { background: this.colour(payload, current) } })
        : null,
      h("span.banner-text", null, text),
      buttons.length ? h("span.banner-buttons", null, buttons) : null,
    );
  }

  drawFallback(moves) {
    const left = moves.uncovered();
    this.fallback.hidden = left.length === 0;
    if (!left.length) {
      this.fallback.replaceChildren();
      return;
    }
    replace(
      this.fallback,
      h("h3", null, this.renderer.id === "generic" ? "Moves" : "Other moves"),
      h("div.fallback-moves", null, left.map((action) => moves.button(action, action, "fallback-move"))),
    );
  }

  drawSeats(payload) {
    const view = payload.view || {};
    const current = view.current_player;
    const winners = new Set((payload.result && payload.result.winners) || []);
    const watching = this.presence ? this.presence.spectators : 0;
    replace(
      this.seatsBox,
      h(
        "h3.seats-head",
        null,
        "Seats",
        watching ? h("span.watching#watching", null, `${watching} watching`) : null,
      ),
      h(
        "ul.seat-list",
        null,
        (payload.seats || []).map((seat) => {
          // The person's own seat, even in a replay seen through another seat's eyes.
          const you = seated(this.live) && seat.seat === this.live.seat;
          const turn = payload.status === "playing" && current === seat.seat;
          const waiting = !seat.bot && !seat.claimed;
          return h(
            "li.seat-item",
            {
              class: [
                turn ? "turn" : null,
                you ? "you" : null,
                winners.has(seat.seat) ? "winner" : null,
                waiting ? "waiting" : null,
                seat.problem ? "stuck" : null,
              ],
              style: { "--seat": this.colour(payload, seat.seat) },
              data: { seat: seat.seat, claimed: seat.bot ? null : String(Boolean(seat.claimed)) },
            },
            h("span.seat-dot"),
            h("span.seat-name", null, this.seatName(payload, seat.seat), you ? h("span.you-tag", null, "you") : null),
            h("span.seat-kind", null, this.seatKind(seat)),
            seat.standin
              ? h(
                  "span.seat-standin",
                  { title: "A bot of the table's level plays this seat until its player takes it back" },
                  seat.standin === "time" ? "bot playing: time ran out" : "bot playing: player away",
                )
              : null,
            seat.bot ? null : this.clockChip(seat.seat),
            turn ? h("span.turn-tag", null, "to play") : null,
            winners.has(seat.seat) ? h("span.win-tag", null, "winner") : null,
            seat.problem
              ? h("span.seat-problem", { role: "alert", title: "Why this bot is not moving" }, `⚠ ${seat.problem}`)
              : null,
            // Public on purpose: whoever held the seat before a re-invite saw its hidden cards.
            seat.reinvites
              ? h(
                  "span.seat-reinvited",
                  { title: "The table's creator replaced this seat's invitation: whoever held it before saw its cards" },
                  `re-invited ×${seat.reinvites}`,
                )
              : null,
            this.host && !seat.bot && payload.status !== "finished" ? this.hostControls(seat) : null,
          );
        }),
      ),
    );
  }

  // --- clocks -----------------------------------------------------------------------------
  onClock(message) {
    this.clock = { message, at: Date.now() };
    if (!this.clockTicker && Array.isArray(message.left_ms)) {
      // Only the running clock's text changes: updated in place, not redrawn.
      this.clockTicker = setInterval(() => this.tickClocks(), 500);
    }
    if (this.live) {
      const payload = this.replay.active && this.replay.payload ? this.replay.payload : this.live;
      this.drawSeats(payload);
      this.drawBanner(payload, this.myTurnNow());
    }
  }

  /** A seat's time left now (ms), or null where the table has no clock. */
  timeLeft(seat) {
    const message = this.clock && this.clock.message;
    if (!message || !Array.isArray(message.left_ms)) return null;
    const left = message.left_ms[seat];
    if (message.running !== seat || this.live.status !== "playing") return left;
    return Math.max(0, left - (Date.now() - this.clock.at));
  }

  clockChip(seat) {
    const left = this.timeLeft(seat);
    if (left === null || left === undefined) return null;
    const running = this.clock.message.running === seat && this.live.status === "playing";
    return h(
      "span.seat-clock",
      { data: { seat, running: running ? "1" : null }, class: [left < 30000 ? "low" : null] },
      formatClock(left),
    );
  }

  tickClocks() {
    for (const el of this.seatsBox.querySelectorAll(".seat-clock[data-running]")) {
      const left = this.timeLeft(Number(el.dataset.seat));
      el.textContent = formatClock(left);
      el.classList.toggle("low", left < 30000);
    }
  }

  myTurnNow() {
    const view = (this.live && this.live.view) || {};
    return !this.replay.active && seated(this.live) && view.current_player === this.live.seat && this.live.status === "playing";
  }

  /** Play my seat again instead of the bot standing in for me. */
  takeSeatBack() {
    if (this.socket && this.socket.send({ type: "return" })) return;
    api
      .takeSeatBack(this.tableId, this.token)
      .then((payload) => this.onView(payload))
      .catch((error) => toast(error.message, "error"));
  }

  /** "bot · mcts", "online", "away", or a seat nobody took yet. */
  seatKind(seat) {
    if (seat.bot) return `bot · ${seat.bot}`;
    if (!seat.claimed) return h("span.unclaimed", null, "waiting for a player — share the invitation");
    // Without a live connection nobody's presence is known.
    if (!this.presence) return h("span.muted", null, "a player holds this seat");
    const online = this.presence.connected.has(seat.seat);
    return h("span", { class: online ? "online" : "offline" }, online ? "online" : "away");
  }

  /** For the table's creator: the seat's invitation link (while unused) and a new one. */
  hostControls(seat) {
    const url = !seat.claimed ? this.host.invites[seat.seat] : null;
    return h(
      "div.seat-host",
      null,
      url
        ? h(
            "div.invite-link",
            null,
            h("input.link", {
              type: "text",
              readonly: true,
              value: url,
              title: `Whoever opens this link first takes seat ${seat.seat}`,
              "aria-label": `Invitation link for seat ${seat.seat}`,
              onfocus: (e) => e.target.select(),
            }),
            h(
              "button.small",
              { type: "button", data: { copyInvite: seat.seat }, onclick: () => this.copy(url, `Invitation for seat ${seat.seat} copied: whoever opens it first takes the seat`) },
              "Copy",
            ),
          )
        : null,
      h(
        "button.small.reinvite",
        { type: "button", data: { reinvite: seat.seat }, onclick: () => this.reinvite(seat) },
        "New invitation",
      ),
    );
  }

  /** The table's creator replaces a seat's invitation: whoever held the seat loses it. */
  async reinvite(seat) {
    const name = `seat ${seat.seat}`;
    let question;
    if (seat.seat === this.live.seat) {
      question = `You will lose your own ${name} (and watch), and only the new link will take it. Make a new invitation?`;
    } else if (seat.claimed) {
      question = `The current player of ${name} will lose the seat, and only the new link will take it. Make a new invitation?`;
    } else {
      question = `The old invitation for ${name} will stop working. Make a new invitation?`;
    }
    if (!window.confirm(question)) return;
    let answer;
    try {
      answer = await api.reinvite(this.tableId, this.host.host, seat.seat);
    } catch (error) {
      toast(`Cannot make a new invitation: ${error.message}`, "error");
      return;
    }
    // Built from this page's origin, like the lobby's links (the server's base may be internal).
    const url = `${location.origin}/t/${encodeURIComponent(this.tableId)}#invite=${encodeURIComponent(answer.invite)}`;
    rememberInvite(this.tableId, answer.seat, url);
    this.host = hostFor(this.tableId);
    if (answer.seat === this.live.seat) {
      // The creator gave away their own seat: the server closes this page's connection, and
      // the page goes on watching (see loseSeat).
      this.gaveAwayOwnSeat = true;
    }
    // Show the link at once (the pushed seats will say the seat is unclaimed too).
    this.live = {
      ...this.live,
      seats: this.live.seats.map((s) => (s.seat === answer.seat ? { ...s, claimed: false } : s)),
    };
    this.drawSeats(this.replay.active && this.replay.payload ? this.replay.payload : this.live);
    this.copyButton.textContent = "Copy invitations";
    const ok = await copyText(url);
    toast(ok ? `New invitation for ${name} copied: whoever opens it first takes the seat` : `New invitation for ${name} made: copy it from the seat list`);
  }

  /** The host's invitation links not used yet: [{seat, url}]. */
  openInvites(payload) {
    if (!this.host || payload.status === "finished") return [];
    return (payload.seats || [])
      .filter((seat) => !seat.bot && !seat.claimed && this.host.invites[seat.seat])
      .map((seat) => ({ seat: seat.seat, url: this.host.invites[seat.seat] }));
  }

  async drawLog(payload) {
    const view = payload.view || {};
    let items;
    if (Array.isArray(payload.story)) {
      items = payload.story;
    } else {
      let entries = Array.isArray(view.log) ? view.log : null;
      if (!entries) {
        try {
          entries = (await api.log(this.tableId, this.token)).log;
        } catch {
          entries = [];
        }
      }
      items = entries.map((entry, step) => ({ text: entry, seat: null, kind: "raw", action: entry, step }));
    }
    const key = `${payload.seq}:${items.length}:${this.replay.active}:${payload.seat}`;
    if (key === this.logKey) return;
    this.logKey = key;
    const atBottom = this.logList.scrollHeight - this.logList.scrollTop - this.logList.clientHeight < 40;
    replace(
      this.logList,
      items.length
        ? items.map((item) =>
            h(
              "li.log-item",
              {
                class: [item.kind ? `log-${item.kind}` : null],
                style: item.seat !== null && item.seat !== undefined ? { "--seat": this.colour(payload, item.seat) } : null,
                data: { step: item.step },
                // The notation, for those who read it (and to copy into the terminal).
                title: item.action && item.action !== item.text ? item.action : null,
                // In the replay a line is a way to that moment: just after its action.
                onclick:
                  this.replay.active && Number.isInteger(item.step) ? () => this.goto(item.step + 1) : null,
              },
              item.seat !== null && item.seat !== undefined
                ? h("span.log-who", null, this.seatName(payload, item.seat))
                : null,
              h("span.log-text", null, item.text),
            ),
          )
        : h("li.muted", null, "Nothing yet."),
    );
    if (atBottom || this.replay.active) this.logList.scrollTop = this.logList.scrollHeight;
  }

  winnersText(payload) {
    const winners = (payload.result && payload.result.winners) || (payload.view && payload.view.winners) || [];
    if (!winners.length) return "no winner";
    if (winners.length === (payload.seats || []).length && winners.length > 1) return "a draw";
    const names = winners.map((w) => this.seatName(payload, w));
    return `${names.join(" and ")} ${winners.length === 1 ? "wins" : "win"}`;
  }

  drawEnd() {
    const payload = this.live;
    const show = payload.status === "finished" && !this.endDismissed && !this.replay.active;
    this.endScreen.hidden = !show;
    if (!show) return;
    const result = payload.result || { winners: [], returns: [], scores: [] };
    const winners = new Set(result.winners || []);
    const mine = payload.seat !== null && payload.seat !== undefined;
    let headline;
    if (winners.size > 1 && winners.size === payload.seats.length) headline = "A draw";
    else if (mine && winners.has(payload.seat)) headline = winners.size > 1 ? "A shared victory" : "Victory!";
    else if (mine) headline = "Defeat";
    else headline = this.winnersText(payload);
    const extra = this.renderer.result ? this.renderer.result(payload) : null;
    replace(
      this.endScreen,
      h(
        "div.end-card",
        { data: { outcome: mine ? (winners.has(payload.seat) ? "win" : "loss") : "watch" } },
        h("h2#end-title", null, headline),
        h(
          "p.end-winners#end-winners",
          null,
          headline === "A draw" ? "Every side shares the win." : this.winnersText(payload),
        ),
        h(
          "table.end-scores#end-scores",
          null,
          h("thead", null, h("tr", null, h("th", null, "Seat"), h("th", null, scoreLabel(this.renderer, payload)), h("th", null, "Result"))),
          h(
            "tbody",
            null,
            (payload.seats || []).map((seat) =>
              h(
                "tr",
                { class: winners.has(seat.seat) ? "winner" : null, style: { "--seat": this.colour(payload, seat.seat) }, data: { seat: seat.seat } },
                h("td", null, h("span.seat-dot"), this.seatName(payload, seat.seat), seat.seat === payload.seat ? " (you)" : ""),
                h("td.num", null, formatNumber((result.scores || [])[seat.seat])),
                h("td", null, winners.has(seat.seat) ? "winner" : ""),
              ),
            ),
          ),
        ),
        extra,
        h(
          "div.end-actions",
          null,
          mine
            ? h(
                "button.primary#end-rematch",
                { type: "button", onclick: () => this.rematch() },
                payload.rematch ? "Join the rematch" : "Rematch",
              )
            : payload.rematch
              ? h("a.button.primary#end-rematch", { href: `/t/${encodeURIComponent(payload.rematch)}` }, "Watch the rematch")
              : null,
          h("button#end-replay", { type: "button", onclick: () => this.openReplay(null) }, "Watch the replay"),
          h(
            "button#end-close",
            {
              type: "button",
              onclick: () => {
                this.endDismissed = true;
                this.drawEnd();
              },
            },
            "See the board",
          ),
          h("a.button", { href: "/" }, "New game"),
        ),
      ),
    );
  }

  // --- replay -----------------------------------------------------------------------------
  async openReplay(step) {
    this.replay.active = true;
    this.replay.length = this.live.seq;
    this.endDismissed = true;
    this.replayBar.hidden = false;
    await this.goto(step === null ? this.replay.length : step);
  }

  closeReplay() {
    this.stopAutoplay();
    this.replay.active = false;
    this.replay.payload = null;
    this.replayBar.hidden = true;
    this.logKey = null;
    this.resync();
    this.draw();
  }

  async goto(step) {
    const target = Math.max(0, Math.min(this.replay.length, step));
    this.replay.step = target;
    this.drawReplayBar(true);
    const finished = this.live.status === "finished";
    const options = finished ? { as: this.replay.as, reveal: this.replay.reveal } : {};
    const key = `${target}|${options.as ?? ""}|${options.reveal ? 1 : 0}`;
    let payload = this.replay.cache.get(key);
    if (!payload) {
      try {
        payload = await api.replay(this.tableId, this.token, target, options);
      } catch (error) {
        toast(`Cannot load step ${target}: ${error.message}`, "error");
        this.drawReplayBar();
        return;
      }
      this.replay.cache.set(key, payload);
    }
    if (this.replay.step !== target || !this.replay.active) return; // a later click won
    this.replay.payload = payload;
    this.replay.length = Math.max(this.replay.length, payload.length);
    this.drawReplayBar();
    this.draw();
  }

  drawReplayBar(loading = false) {
    const r = this.replay;
    this.replayBar.dataset.step = String(r.step);
    this.replayBar.dataset.length = String(r.length);
    this.replayBar.dataset.loading = loading ? "1" : "";
    const button = (id, label, title, step, disabled) =>
      h(`button.replay-btn#${id}`, { type: "button", title, "aria-label": title, disabled, onclick: () => this.goto(step) }, label);
    const slider = h("input#replay-range", {
      type: "range",
      min: "0",
      max: String(r.length),
      value: String(r.step),
      "aria-label": "Replay step",
      oninput: (event) => this.goto(Number(event.target.value)),
    });
    replace(
      this.replayBar,
      h("span.replay-title", null, "Replay"),
      button("replay-first", "⇤", "First step", 0, r.step <= 0),
      button("replay-prev", "◀", "Step back", r.step - 1, r.step <= 0),
      h(
        "button.replay-btn#replay-play",
        { type: "button", title: r.timer ? "Pause" : "Play", onclick: () => (r.timer ? this.stopAutoplay() : this.autoplay()) },
        r.timer ? "❚❚ Pause" : "▶ Play",
      ),
      button("replay-next", "▶", "Step forward", r.step + 1, r.step >= r.length),
      button("replay-last", "⇥", "Last step", r.length, r.step >= r.length),
      slider,
      h("span.replay-label#replay-label", null, `step ${r.step} / ${r.length}`),
      this.live.status === "finished" ? this.replayEyes() : null,
      h("button.small#replay-exit", { type: "button", onclick: () => this.closeReplay() }, "Back to the game"),
    );
  }

  /** A finished game's replay: whose eyes to watch through, and whether to show what was hidden. */
  replayEyes() {
    const r = this.replay;
    const players = this.live.players || (this.live.seats || []).length;
    const own = seated(this.live) ? String(this.live.seat) : "spectator";
    const current = r.as === null ? own : String(r.as);
    const choices = [h("option", { value: "spectator", selected: current === "spectator" }, "a spectator")];
    for (let seat = 0; seat < players; seat += 1) {
      choices.push(h("option", { value: String(seat), selected: current === String(seat) }, this.seatName(this.live, seat)));
    }
    return h(
      "span.replay-eyes",
      null,
      h(
        "label",
        null,
        "Seen as ",
        h(
          "select#replay-as",
          {
            onchange: (event) => {
              r.as = event.target.value;
              this.goto(r.step);
            },
          },
          choices,
        ),
      ),
      h(
        "label.replay-reveal",
        { title: "Show every hand, deck (in order) and hidden card at this step" },
        h("input#replay-reveal", {
          type: "checkbox",
          checked: r.reveal,
          onchange: (event) => {
            r.reveal = event.target.checked;
            this.goto(r.step);
          },
        }),
        " Show hidden cards",
      ),
    );
  }

  /** Everything hidden at this step of a finished game's replay, zone by zone. */
  drawRevealed(payload) {
    const zones = this.replay.active && Array.isArray(payload.revealed) ? payload.revealed : null;
    this.revealBox.hidden = !zones;
    if (!zones) return;
    replace(
      this.revealBox,
      h("h3", null, "Hidden cards at this step"),
      zones.length
        ? h(
            "dl.revealed-zones",
            null,
            zones.map((zone) => [
              h(
                "dt",
                { style: Number.isInteger(zone.seat) ? { "--seat": this.colour(payload, zone.seat) } : null },
                String(zone.zone),
              ),
              h("dd", null, zone.items.length ? zone.items.map((item) => String(item)).join(", ") : "(empty)"),
            ]),
          )
        : h("p.muted", null, "Nothing is hidden in this game."),
    );
  }

  autoplay() {
    if (this.replay.step >= this.replay.length) this.replay.step = -1;
    this.replay.timer = setInterval(() => {
      if (this.replay.step >= this.replay.length) {
        this.stopAutoplay();
        return;
      }
      this.goto(this.replay.step + 1);
    }, 700);
    this.goto(this.replay.step + 1);
  }

  stopAutoplay() {
    clearInterval(this.replay.timer);
    this.replay.timer = null;
    if (this.replay.active) this.drawReplayBar();
  }

  /**
   * The header's copy button: the table's creator gets the invitation links nobody used yet;
   * anyone else (and the creator once every seat is taken) the spectator link. A seat's
   * credential never goes in a link.
   */
  async copyLink() {
    const watch = `${location.origin}/t/${encodeURIComponent(this.tableId)}`;
    const invites = this.live ? this.openInvites(this.live) : [];
    if (invites.length) {
      const lines = invites.map((i) => `Seat ${i.seat} (whoever opens it first takes the seat): ${i.url}`);
      lines.push(`Spectators: ${watch}`);
      await this.copy(lines.join("\n"), invites.length === 1 ? "Invitation link copied" : "Invitation links copied");
      return;
    }
    await this.copy(watch, "Spectator link copied");
  }

  async copy(text, done) {
    const ok = await copyText(text);
    toast(ok ? done : "Copy failed: select the link and copy it", ok ? "info" : "error");
  }
}

/** Milliseconds as a clock shows them: "12:05", "0:09", "1:02:00". */
function formatClock(ms) {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

/** Whether a payload is a seat's (not a spectator's). */
function seated(payload) {
  return payload && payload.seat !== null && payload.seat !== undefined;
}

function scoreLabel(renderer, payload) {
  const label = renderer.scoreLabel;
  if (typeof label === "function") return label(payload);
  return label || "Score";
}

function formatNumber(value) {
  if (value === undefined || value === null) return "–";
  return Number.isInteger(value) ? String(value) : Number(value).toFixed(2).replace(/\.?0+$/, "");
}
