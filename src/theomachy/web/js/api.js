// The server's HTTP API and the table WebSocket (which reconnects by itself).

export class ApiError extends Error {
  constructor(status, message, details = {}) {
    super(message);
    this.status = status;
    this.details = details;
  }
}

async function request(method, path, { body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(0, `cannot reach the server (${error.message})`);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message = (data && data.error) || `${response.status} ${response.statusText}`;
    throw new ApiError(response.status, message, data || {});
  }
  return data;
}

const enc = encodeURIComponent;

export const api = {
  games: () => request("GET", "/api/games"),
  createTable: (body) => request("POST", "/api/tables", { body }),
  claim: (id, invite) => request("POST", `/api/tables/${enc(id)}/claim`, { body: { invite } }),
  reinvite: (id, host, seat) =>
    request("POST", `/api/tables/${enc(id)}/seats/${enc(seat)}/invite`, { token: host }),
  tables: (status, limit = 20) =>
    request("GET", `/api/tables?status=${enc(status)}&limit=${enc(limit)}`),
  view: (id, token) =>
    token
      ? request("GET", `/api/tables/${enc(id)}/view`, { token })
      : request("GET", `/api/tables/${enc(id)}`),
  act: (id, token, action, seq) =>
    request("POST", `/api/tables/${enc(id)}/actions`, { token, body: { action, seq } }),
  rematch: (id, token) => request("POST", `/api/tables/${enc(id)}/rematch`, { token }),
  log: (id, token) => request("GET", `/api/tables/${enc(id)}/log`, { token }),
  chat: (id) => request("GET", `/api/tables/${enc(id)}/chat`),
  replay: (id, token, step, { as = null, reveal = false } = {}) => {
    const query = new URLSearchParams();
    if (as !== null && as !== undefined) query.set("as", String(as));
    if (reveal) query.set("reveal", "true");
    const tail = query.toString() ? `?${query}` : "";
    return request("GET", `/api/tables/${enc(id)}/replay/${enc(step)}${tail}`, { token });
  },
  takeSeatBack: (id, token) => request("POST", `/api/tables/${enc(id)}/return`, { token }),
  undo: (id, token, seq) => request("POST", `/api/tables/${enc(id)}/undo`, { token, body: { seq } }),
  why: (id, token, action) =>
    request("GET", `/api/tables/${enc(id)}/why?action=${enc(action)}`, { token }),
};

/**
 * A table's WebSocket. The credential goes in the first message ({type: "hello"}), never in
 * the URL (URLs reach access logs). The server sends one whole view, then deltas (the view
 * without its log, and the log from the first entry that changed); this class rebuilds each
 * delta into a whole payload, so onView(payload) always gets a whole one. onPresence({connected,
 * spectators}) says who is here, onError(message) carries an error reply, onStatus("connecting"
 * | "open" | "closed" | "failed", detail, code) the connection's state. Reconnects with a
 * growing delay after a drop, except when the server refused the table or the credential
 * (close codes 4400-4499: 4403 when the seat was given to someone else).
 */
export class TableSocket {
  constructor(tableId, credential, { onView, onPresence, onChat, onWhy, onClock, onError, onStatus }) {
    this.tableId = tableId;
    this.credential = credential;
    this.onView = onView;
    this.onPresence = onPresence || (() => {});
    this.onChat = onChat || (() => {});
    this.onWhy = onWhy || null;
    this.onClock = onClock || null;
    this.onError = onError || (() => {});
    this.onStatus = onStatus || (() => {});
    this.ws = null;
    this.closed = false;
    this.attempt = 0;
    this.timer = null;
    this.pinger = null;
    this.base = null; // the last whole payload of this connection: what deltas apply to
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/api/tables/${enc(this.tableId)}/ws`;
  }

  connect() {
    if (this.closed) return;
    this.onStatus("connecting");
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch (error) {
      this.retry(String(error));
      return;
    }
    this.ws = ws;
    this.base = null; // a new connection starts with a whole view
    ws.addEventListener("open", () => {
      this.attempt = 0;
      ws.send(JSON.stringify(this.credential ? { type: "hello", credential: this.credential } : { type: "hello" }));
      this.onStatus("open");
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: "ping" }), 25000);
    });
    ws.addEventListener("message", (event) => {
      if (this.ws !== ws) return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      this.receive(message);
    });
    ws.addEventListener("close", (event) => {
      clearInterval(this.pinger);
      if (this.ws !== ws) return;
      this.ws = null;
      this.base = null;
      if (this.closed) return;
      if (event.code >= 4400 && event.code < 4500) {
        this.closed = true;
        this.onStatus("failed", event.reason || `the server refused the connection (${event.code})`, event.code);
        return;
      }
      this.retry(event.reason);
    });
  }

  receive(message) {
    if (message.type === "view") {
      this.base = message;
      this.onView(message);
    } else if (message.type === "delta") {
      if (!this.base) return; // cannot happen: a connection's first view is whole
      this.base = applyDelta(this.base, message);
      this.onView(this.base);
    } else if (message.type === "presence") {
      this.onPresence({ connected: message.connected || [], spectators: message.spectators || 0 });
    } else if (message.type === "chat") {
      this.onChat(Array.isArray(message.messages) ? message.messages : []);
    } else if (message.type === "why") {
      if (this.onWhy) this.onWhy(message);
    } else if (message.type === "clock") {
      if (this.onClock) this.onClock(message);
    } else if (message.type === "error") {
      this.onError(message);
    }
  }

  retry(reason) {
    if (this.closed) return;
    this.onStatus("closed", reason);
    const delay = Math.min(10000, 500 * 2 ** this.attempt) + Math.random() * 250;
    this.attempt += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  get open() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  send(message) {
    if (!this.open) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) this.ws.close();
    this.ws = null;
    this.base = null;
  }
}

/**
 * The whole payload after a delta: the log is the old one up to log_from followed by the
 * delta's entries (a game may rewrite an earlier entry when a secret comes out), and the
 * story (the log in words) likewise from story_from; every other field the delta carries
 * replaces the old one. New objects throughout: the old payload may still be on screen.
 */
export function applyDelta(base, delta) {
  const oldLog = Array.isArray(base.view && base.view.log) ? base.view.log : [];
  const log = oldLog.slice(0, delta.log_from).concat(delta.log || []);
  const view = { ...(delta.view || {}) };
  // A game whose view has no log gets none (the server sends an empty one in its place).
  if (Array.isArray(base.view && base.view.log) || log.length) view.log = log;
  const oldStory = Array.isArray(base.story) ? base.story : [];
  const story = oldStory.slice(0, delta.story_from || 0).concat(delta.story || []);
  // Every other field the delta carries replaces the old one (seq, status, seats, result,
  // rematch, recent, undo, clock...); the set-up fields are not sent again.
  const { type: _type, log_from: _from, log: _log, story_from: _sfrom, story: _story, ...rest } = delta;
  return { ...base, ...rest, view, story };
}
