// Routing: "/" is the lobby, "/t/<id>" a table. A seat's token comes in the URL fragment
// (#token=...) and is kept per table, so a reload (or coming back from the lobby) keeps the seat;
// #spectate watches without a seat. ?renderer=generic forces the generic renderer.

import { h, replace } from "./dom.js";
import { showLobby } from "./lobby.js";
import { tokenFor } from "./store.js";
import { showTable } from "./table.js";

function route() {
  const root = document.getElementById("app");
  const match = /^\/t\/([^/]+)\/?$/.exec(location.pathname);
  const params = new URLSearchParams(location.search);
  if (match) {
    const tableId = decodeURIComponent(match[1]);
    showTable(root, {
      tableId,
      token: tokenFor(tableId),
      renderer: params.get("renderer"),
    });
  } else if (location.pathname === "/" || location.pathname === "/index.html") {
    showLobby(root);
  } else {
    replace(root, h("main.page", null, h("h1", null, "Not found"), h("a", { href: "/" }, "To the lobby")));
  }
}

window.addEventListener("hashchange", () => location.reload());
route();
