// The renderer registry: a dedicated renderer per game id, the generic one for the rest.
//
// A renderer is an object with:
//   id                          the renderer's name ("mythic-arena", "generic")
//   prepare()                   (optional, async) load what it needs before the first draw
//   seatName(payload, seat)     a seat's name ("Greek", "Seat 2")
//   seatColour(payload, seat)   (optional) a CSS colour for the seat
//   instruction(payload)        (optional) what the viewer is asked to do now, in words
//   render(ctx)                 the game as a DOM node; ctx = {payload, view, seat, moves,
//                               replay, ui, rerender}; ctx.moves binds legal actions to clicks
//   describe(payload)           (optional) the log as [{text, seat, kind}] in readable words
//   result(payload)             (optional) extra end-screen content (a node)
//
// Renderers attach the full printed text of what they draw (cards, units, powers, talents,
// buildings, gods) with help() from ./help.js: one help card, on hover, focus or tap.

import generic from "./generic.js";

const DEDICATED = {
  "arena-of-the-gods": () => import("./arena-of-the-gods.js"),
  "mythic-arena": () => import("./mythic-arena.js"),
  "mythic-battles": () => import("./mythic-battles.js"),
  "mythic-wars": () => import("./mythic-wars.js"),
  mythotopia: () => import("./mythotopia.js"),
};

/** The renderer for a game (``forced`` = "generic" to use the generic one anyway). */
export async function rendererFor(gameId, forced = null) {
  let renderer = generic;
  if (forced !== "generic" && (forced ? DEDICATED[forced] : DEDICATED[gameId])) {
    const loader = forced ? DEDICATED[forced] : DEDICATED[gameId];
    renderer = (await loader()).default;
  }
  if (renderer.prepare) await renderer.prepare();
  return renderer;
}

export const SEAT_COLOURS = [
  "#2f7de1",
  "#d9423a",
  "#e0a21b",
  "#2fa36b",
  "#8d4fd6",
  "#e0662b",
  "#1fa4b8",
  "#c9418f",
];

export function seatColour(renderer, payload, seat) {
  if (seat === null || seat === undefined || seat < 0) return "#888";
  const own = renderer.seatColour ? renderer.seatColour(payload, seat) : null;
  return own || SEAT_COLOURS[seat % SEAT_COLOURS.length];
}
