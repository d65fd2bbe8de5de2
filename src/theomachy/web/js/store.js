// Seat tokens this browser holds, per table: this tab's (sessionStorage) and every tab's
// (localStorage), so a reload or a return from the lobby keeps the seat.

const SEATS_KEY = "theomachy:seats";

function readSeats() {
  try {
    const data = JSON.parse(localStorage.getItem(SEATS_KEY) || "{}");
    return data && typeof data === "object" ? data : {};
  } catch {
    return {};
  }
}

/** Every table this browser holds a seat at: {tableId: {token, seat, game, at}}. */
export function knownSeats() {
  return readSeats();
}

export function rememberSeat(tableId, token, details = {}) {
  if (!token) return;
  try {
    sessionStorage.setItem(`theomachy:token:${tableId}`, token);
  } catch {
    /* storage may be disabled */
  }
  const seats = readSeats();
  seats[tableId] = { ...(seats[tableId] || {}), ...details, token, at: new Date().toISOString() };
  // Keep the list short: the 50 most recent seats.
  const recent = Object.entries(seats)
    .sort((a, b) => String(b[1].at).localeCompare(String(a[1].at)))
    .slice(0, 50);
  try {
    localStorage.setItem(SEATS_KEY, JSON.stringify(Object.fromEntries(recent)));
  } catch {
    /* storage may be disabled */
  }
}

export function forgetSeat(tableId) {
  const seats = readSeats();
  delete seats[tableId];
  try {
    localStorage.setItem(SEATS_KEY, JSON.stringify(seats));
    sessionStorage.removeItem(`theomachy:token:${tableId}`);
  } catch {
    /* storage may be disabled */
  }
}

/** The token for a table: the fragment's, else this tab's, else this browser's. */
export function tokenFor(tableId) {
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (fragment.has("spectate")) return null;
  const fromUrl = fragment.get("token");
  if (fromUrl) return fromUrl;
  try {
    const fromTab = sessionStorage.getItem(`theomachy:token:${tableId}`);
    if (fromTab) return fromTab;
  } catch {
    /* storage may be disabled */
  }
  const known = readSeats()[tableId];
  return known ? known.token : null;
}
