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
  tables: (status, limit = 20) =>
    request("GET", `/api/tables?status=${enc(status)}&limit=${enc(limit)}`),
  view: (id, token) =>
    token
      ? request("GET", `/api/tables/${enc(id)}/view`, { token })
      : request("GET", `/api/tables/${enc(id)}`),
  act: (id, token, action, seq) =>
    request("POST", `/api/tables/${enc(id)}/actions`, { token, body: { action, seq } }),
  log: (id, token) => request("GET", `/api/tables/${enc(id)}/log`, { token }),
  replay: (id, token, step) =>
    request("GET", `/api/tables/${enc(id)}/replay/${enc(step)}`, { token }),
};

/**
 * A table's WebSocket: calls onView(payload) for every pushed view, onError(message) for an
 * error reply, onStatus("connecting" | "open" | "closed" | "failed", detail). Reconnects with a
 * growing delay after a drop, except when the server refused the table or token (close codes
 * 4400-4499), and re-syncs over HTTP when the socket cannot be opened.
 */
export class TableSocket {
  constructor(tableId, token, { onView, onError, onStatus }) {
    this.tableId = tableId;
    this.token = token;
    this.onView = onView;
    this.onError = onError || (() => {});
    this.onStatus = onStatus || (() => {});
    this.ws = null;
    this.closed = false;
    this.attempt = 0;
    this.timer = null;
    this.pinger = null;
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const query = this.token ? `?token=${enc(this.token)}` : "";
    return `${scheme}//${location.host}/api/tables/${enc(this.tableId)}/ws${query}`;
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
    ws.addEventListener("open", () => {
      this.attempt = 0;
      this.onStatus("open");
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: "ping" }), 25000);
    });
    ws.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "view") this.onView(message);
      else if (message.type === "error") this.onError(message);
    });
    ws.addEventListener("close", (event) => {
      clearInterval(this.pinger);
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closed) return;
      if (event.code >= 4400 && event.code < 4500) {
        this.closed = true;
        this.onStatus("failed", event.reason || `the server refused the connection (${event.code})`);
        return;
      }
      this.retry(event.reason);
    });
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
  }
}
