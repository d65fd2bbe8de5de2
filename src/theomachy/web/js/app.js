// Routing: "/" is the lobby, "/t/<id>" a table. A seat is taken by opening its invitation
// (/t/<id>#invite=...): the page claims the seat, keeps the credential it gets for that table
// (so a reload, or coming back from the lobby, keeps the seat) and takes the invitation out of
// the address bar, so it is not shared by accident. #spectate watches without a seat.
// ?renderer=generic forces the generic renderer.

import { api } from "./api.js";
import { h, replace } from "./dom.js";
import { showLobby } from "./lobby.js";
import { credentialFor, invitationIn, rememberSeat, seatHeld } from "./store.js";
import { showTable } from "./table.js";

/** Take the invitation out of the address bar (no reload, no history entry). */
function stripFragment() {
  history.replaceState(history.state, "", location.pathname + location.search);
}

/**
 * Claim the seat of the invitation in the fragment, if there is one. Answers a notice for the
 * table page when the seat could not be taken (whoever opens a link second only watches).
 */
async function openInvitation(tableId) {
  const invite = invitationIn(location.hash);
  if (!invite) return null;
  try {
    const claim = await api.claim(tableId, invite);
    rememberSeat(tableId, claim.credential, { seat: claim.seat });
    stripFragment();
    return null;
  } catch (error) {
    const seat = error.details.seat;
    const held = credentialFor(tableId) !== null;
    const after = held ? "you are back at the seat you already hold here." : "you are watching.";
    if (error.status === 409 || error.status === 403) {
      // The link is used up (or replaced): keep it out of the address bar all the same.
      stripFragment();
      if (error.status === 409 && held && seat !== undefined && seatHeld(tableId) === seat) {
        return null; // this browser took that very seat earlier: just go on playing it
      }
      return error.status === 409
        ? `This seat${seat !== undefined ? ` (seat ${seat})` : ""} was already taken: ${after}`
        : `This invitation was replaced by the table's creator: ${after}`;
    }
    // Anything else (no such table, the server unreachable, too many tries): the link stays
    // in the address bar, so a reload tries again.
    return `Could not take the seat (${error.message}): ${after} Reload the page to try again.`;
  }
}

function showNotFound(root) {
  document.title = "Theomachy — page not found";
  replace(
    root,
    h(
      "main.not-found",
      null,
      h("a.brand", { href: "/" }, h("span.bolt", { "aria-hidden": "true" }, "ϟ"), "Theomachy"),
      h(
        "section.panel",
        null,
        h("h1", null, "Page not found"),
        h("p", null, "There is no page at ", h("code", null, location.pathname), "."),
        h("p.muted", null, "A table's link looks like /t/ followed by its id."),
        h("a.button.primary", { href: "/" }, "To the lobby"),
      ),
    ),
  );
}

async function route() {
  const root = document.getElementById("app");
  const match = /^\/t\/([^/]+)\/?$/.exec(location.pathname);
  const params = new URLSearchParams(location.search);
  if (match) {
    const tableId = decodeURIComponent(match[1]);
    const notice = await openInvitation(tableId);
    showTable(root, {
      tableId,
      token: credentialFor(tableId),
      renderer: params.get("renderer"),
      notice,
    });
  } else if (location.pathname === "/" || location.pathname === "/index.html") {
    showLobby(root);
  } else {
    showNotFound(root);
  }
}

window.addEventListener("hashchange", () => location.reload());
route();
