// What this browser holds per table, so a reload or a return from the lobby keeps it:
// - a seat credential (from claiming an invitation): this tab's (sessionStorage) and every
//   tab's (localStorage), so two tabs can play two seats of one table;
// - for a table this browser created, the host credential and the invitation links not yet
//   used, so the creator can share them again or replace one from the table page.
// Credentials never go in a URL: only invitations travel in a link's fragment (#invite=...).

const SEATS_KEY = "theomachy:credentials";
const HOSTS_KEY = "theomachy:hosts";
const KEEP = 50; // the most recent tables remembered per kind

function readMap(key) {
  try {
    const data = JSON.parse(localStorage.getItem(key) || "{}");
    return data && typeof data === "object" ? data : {};
  } catch {
    return {};
  }
}

function writeMap(key, map) {
  // Keep the list short: the most recently touched tables.
  const recent = Object.entries(map)
    .sort((a, b) => String(b[1].at).localeCompare(String(a[1].at)))
    .slice(0, KEEP);
  try {
    localStorage.setItem(key, JSON.stringify(Object.fromEntries(recent)));
  } catch {
    /* storage may be disabled */
  }
}

function tabKey(tableId) {
  return `theomachy:credential:${tableId}`;
}

/** Every table this browser holds a seat at: {tableId: {credential, seat, game, at}}. */
export function knownSeats() {
  return readMap(SEATS_KEY);
}

export function rememberSeat(tableId, credential, details = {}) {
  if (!credential) return;
  try {
    sessionStorage.setItem(tabKey(tableId), credential);
  } catch {
    /* storage may be disabled */
  }
  const seats = readMap(SEATS_KEY);
  const before = seats[tableId] && seats[tableId].credential === credential ? seats[tableId] : {};
  seats[tableId] = { ...before, ...details, credential, at: new Date().toISOString() };
  writeMap(SEATS_KEY, seats);
}

export function forgetSeat(tableId) {
  const seats = readMap(SEATS_KEY);
  delete seats[tableId];
  writeMap(SEATS_KEY, seats);
  try {
    sessionStorage.removeItem(tabKey(tableId));
  } catch {
    /* storage may be disabled */
  }
}

/** The invitation in a table link's fragment (#invite=...), or null. */
export function invitationIn(hash) {
  return new URLSearchParams(hash.replace(/^#/, "")).get("invite") || null;
}

/** Whether the link asks to watch even where this browser holds a seat (#spectate). */
export function spectateAsked() {
  return new URLSearchParams(location.hash.slice(1)).has("spectate");
}

/** The seat credential for a table: this tab's, else this browser's; null to watch. */
export function credentialFor(tableId) {
  if (spectateAsked()) return null;
  try {
    const fromTab = sessionStorage.getItem(tabKey(tableId));
    if (fromTab) return fromTab;
  } catch {
    /* storage may be disabled */
  }
  const known = readMap(SEATS_KEY)[tableId];
  return known && known.credential ? known.credential : null;
}

/** The seat this browser holds at a table (null when none). */
export function seatHeld(tableId) {
  const known = readMap(SEATS_KEY)[tableId];
  return known && Number.isInteger(known.seat) ? known.seat : null;
}

/** A table this browser created: its host credential and the invitation links to share. */
export function rememberHost(tableId, host, details = {}) {
  if (!host) return;
  const hosts = readMap(HOSTS_KEY);
  hosts[tableId] = { invites: {}, ...details, host, at: new Date().toISOString() };
  writeMap(HOSTS_KEY, hosts);
}

/** {host, invites: {seat: url}, game} for a table this browser created, else null. */
export function hostFor(tableId) {
  const entry = readMap(HOSTS_KEY)[tableId];
  return entry && entry.host ? { invites: {}, ...entry } : null;
}

/** Keep (url) or drop (null) the invitation link of a seat of a table this browser created. */
export function rememberInvite(tableId, seat, url) {
  const hosts = readMap(HOSTS_KEY);
  const entry = hosts[tableId];
  if (!entry) return;
  const invites = { ...(entry.invites || {}) };
  if (url) invites[seat] = url;
  else delete invites[seat];
  hosts[tableId] = { ...entry, invites, at: new Date().toISOString() };
  writeMap(HOSTS_KEY, hosts);
}

// This browser's table preferences (the "your turn" sound...), kept across tables and visits.
const PREFS_KEY = "theomachy:preferences";

/** A preference's value, or ``fallback`` when it was never set. */
export function preference(name, fallback) {
  const prefs = readMap(PREFS_KEY);
  return Object.prototype.hasOwnProperty.call(prefs, name) ? prefs[name] : fallback;
}

/** Keep a preference (a JSON value). */
export function setPreference(name, value) {
  const prefs = readMap(PREFS_KEY);
  prefs[name] = value;
  try {
    localStorage.setItem(PREFS_KEY, JSON.stringify(prefs));
  } catch {
    /* storage may be disabled */
  }
}
