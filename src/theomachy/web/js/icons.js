// Small inline SVG icons (fixed shapes, no server text), sized by CSS (1em by default).

import { svg } from "./dom.js";

const PATHS = {
  shield: "M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3z",
  broken: "M12 2 4 5v6c0 5 3.4 9.4 8 11l-1-6 3-3-2-3 2-3-2-5z",
  crack: "M3 12h4l2-4 3 8 3-8 2 4h4",
  star: "M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z",
  bolt: "M13 2 4 14h6l-1 8 9-12h-6l1-8z",
  sword: "M14.5 3H21v6.5L10 20.5 7.5 18l-2 2L4 18.5l2-2L3.5 14 14.5 3z",
  heart: "M12 21s-8-5.3-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 5.7-8 11-8 11z",
  eye: "M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zm10 3.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z",
  column: "M4 4h16v2H4zm1 3h2v11H5zm4 0h2v11H9zm4 0h2v11h-2zm4 0h2v11h-2zM3 19h18v2H3z",
  axe: "M9 3h2v18H9zM11 4c5 0 9 3 9 8s-4 8-9 8c2-2 3-5 3-8s-1-6-3-8z",
  crown: "M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z",
  skull: "M12 2a8 8 0 0 0-8 8c0 3 1.5 5 3 6v3h3v-2h1v2h2v-2h1v2h3v-3c1.5-1 3-3 3-6a8 8 0 0 0-8-8zm-3 7.5a1.8 1.8 0 1 1 0 3.6 1.8 1.8 0 0 1 0-3.6zm6 0a1.8 1.8 0 1 1 0 3.6 1.8 1.8 0 0 1 0-3.6z",
  dice: "M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm3 3.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm8 8a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm-4-4a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z",
  cards: "M7 3h10a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm2 4v10h6V7z",
};

/** An icon by name, with an accessible title when given. */
export function icon(name, { title = null, cls = "" } = {}) {
  const stroke = name === "crack";
  const node = svg(
    "svg",
    {
      viewBox: "0 0 24 24",
      class: `icon icon-${name}${cls ? " " + cls : ""}`,
      "aria-hidden": title ? null : "true",
      role: title ? "img" : null,
    },
    title ? svg("title", null, title) : null,
    svg("path", {
      d: PATHS[name] || PATHS.star,
      fill: stroke ? "none" : "currentColor",
      stroke: stroke ? "currentColor" : null,
      "stroke-width": stroke ? "2.4" : null,
      "stroke-linejoin": stroke ? "round" : null,
      "fill-rule": "evenodd",
    }),
  );
  return node;
}
