// Help at the table: every card, unit, power, talent, building and god a renderer draws can
// carry its full printed text (name, type, numbers, ability text).
//
//   help(el, info, {button, delay})
//                              attach help to an element (HTML or SVG); info is a spec, or a
//                              function returning one (built when first shown):
//                              {title, kind, stats: [[value, label, tip?]], text,
//                               sections: [{label, meta, text}], notes: [...]};
//                              delay: ms the mouse rests first (a map's areas wait longer,
//                              so crossing the map to click does not pop one up each time)
//
// With a mouse the help shows beside what the pointer rests on (and beside what has keyboard
// focus). On a touch screen a tap must never play a move by accident, so there the help opens
// from a small "i" button on the card (button: true; shown on touch and narrow screens), from
// a long press anywhere on the thing (the click that ends it is swallowed), or from a tap on
// something that is not a move now; it opens as a sheet at the bottom of the screen that stays
// until closed (its x, Escape, or a tap beside it, which plays nothing either). The help card
// is one element, #help-card, outside the board, so the table's redraws leave it alone.
// Everything goes in as text nodes (dom.js), never as markup.

import { h, replace } from "../dom.js";

const HELP = new WeakMap(); // element -> spec or () => spec
const DELAY = new WeakMap(); // element -> ms the pointer rests before its help shows
const SHOW_DELAY_MS = 180;
const HIDE_DELAY_MS = 140;
const LONG_PRESS_MS = 450;

let card = null; // #help-card
let body = null;
let anchor = null; // the element whose help is shown
let pinned = false;
let showTimer = null;
let hideTimer = null;
let press = null; // {timer, x, y, target} during a touch that may become a long press
let swallowClick = false;
let swallowTimer = null;
let installed = false;
let pointer = null; // where the mouse was last seen
let lastPointer = null; // the kind of the last pointer pressed ("mouse", "touch", "pen")

/** Attach help to el; returns el. A native tooltip it had gives way to this one. */
export function help(el, info, { button = false, label = null, delay = null } = {}) {
  if (!el || !info) return el;
  install();
  HELP.set(el, info);
  if (delay !== null) DELAY.set(el, delay);
  el.classList.add("has-help");
  if (el instanceof SVGElement) {
    const native = el.querySelector(":scope > title");
    if (native) {
      if (!el.getAttribute("aria-label")) el.setAttribute("aria-label", native.textContent);
      native.remove();
    }
  } else if (el.title) {
    if (!el.getAttribute("aria-label") && !el.textContent.trim()) el.setAttribute("aria-label", el.title);
    el.removeAttribute("title");
  }
  if (button && !(el instanceof SVGElement) && el.tagName !== "BUTTON") {
    const name = label || specOf(el)?.title || "this";
    el.append(
      h(
        "button.help-btn",
        {
          type: "button",
          tabindex: "-1",
          "aria-label": `About ${name}`,
          data: { helpButton: "1" },
          onclick: (event) => {
            event.preventDefault();
            event.stopPropagation();
            show(el, { pin: true });
          },
          onkeydown: (event) => event.stopPropagation(),
          onpointerdown: (event) => event.stopPropagation(),
        },
        "i",
      ),
    );
  }
  return el;
}

/** The spec of an element's help (null without). */
export function specOf(el) {
  const info = HELP.get(el);
  if (!info) return null;
  try {
    return typeof info === "function" ? info() : info;
  } catch (error) {
    console.error(error);
    return null;
  }
}

/** A spec as nodes (also used by renderers that show the same text inline). */
export function helpBody(spec) {
  if (!spec) return null;
  const stats = (spec.stats || []).filter((s) => s && s[0] !== null && s[0] !== undefined && s[0] !== "");
  const sections = (spec.sections || []).filter((s) => s && (s.label || s.text));
  return h(
    "div.help-body",
    null,
    h(
      "div.help-head",
      null,
      h("b.help-title", null, spec.title || ""),
      spec.kind ? h("span.help-kind", null, spec.kind) : null,
    ),
    stats.length
      ? h(
          "div.help-stats",
          null,
          stats.map(([value, label, tip]) => h("span.help-stat", { title: tip || null }, h("b", null, String(value)), " ", label)),
        )
      : null,
    spec.text ? textBlock("p.help-text", spec.text) : null,
    sections.map((s) =>
      h(
        "div.help-section",
        { data: { section: s.key || null } },
        s.label ? h("div.help-section-head", null, h("b", null, s.label), s.meta ? h("span.help-meta", null, ` ${s.meta}`) : null) : null,
        s.text ? textBlock("p.help-section-text", s.text) : null,
      ),
    ),
    (spec.notes || []).filter(Boolean).map((note) => h("p.help-note", null, note)),
  );
}

function textBlock(spec, text) {
  const lines = String(text).split("\n");
  return h(spec, null, lines.map((line, i) => (i ? [h("br"), line] : line)));
}

// --- showing and hiding -------------------------------------------------------------------------

function ensureCard() {
  if (card && card.isConnected) return card;
  body = h("div.help-card-body");
  card = h(
    "div.help-card#help-card",
    { hidden: true, role: "tooltip", "aria-live": "polite" },
    h(
      "button.help-close",
      {
        type: "button",
        "aria-label": "Close the help",
        onclick: (event) => {
          event.preventDefault();
          event.stopPropagation();
          hide(true);
        },
      },
      "×",
    ),
    body,
  );
  card.addEventListener("pointerenter", () => clearTimeout(hideTimer));
  card.addEventListener("pointerleave", (event) => {
    if (event.pointerType !== "touch" && !pinned) scheduleHide();
  });
  document.body.append(card);
  return card;
}

/** Show el's help: beside it (hover, focus), or pinned as a sheet (tap, long press). */
export function show(el, { pin = false } = {}) {
  const spec = specOf(el);
  if (!spec) return;
  clearTimeout(showTimer);
  clearTimeout(hideTimer);
  ensureCard();
  anchor = el;
  pinned = pin;
  replace(body, helpBody(spec));
  card.dataset.mode = pin || narrow() ? "sheet" : "float";
  card.dataset.pinned = pin ? "1" : "";
  card.dataset.for = el.dataset && (el.dataset.card || el.dataset.unit || el.dataset.talent || el.dataset.hand || el.dataset.entity || el.dataset.province) || "";
  card.hidden = false;
  place();
}

function narrow() {
  return window.innerWidth < 700;
}

function place() {
  if (!card || card.hidden) return;
  card.style.left = "";
  card.style.top = "";
  if (card.dataset.mode === "sheet") return; // CSS puts the sheet at the bottom
  const rect = anchor.getBoundingClientRect();
  const width = card.offsetWidth;
  const height = card.offsetHeight;
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const gap = 10;
  let left;
  let top;
  if (rect.right + gap + width <= vw - 4) left = rect.right + gap;
  else if (rect.left - gap - width >= 4) left = rect.left - gap - width;
  if (left !== undefined) {
    top = Math.min(Math.max(4, rect.top), vh - height - 4);
  } else {
    left = Math.min(Math.max(4, rect.left + rect.width / 2 - width / 2), vw - width - 4);
    top = rect.bottom + gap + height <= vh - 4 ? rect.bottom + gap : Math.max(4, rect.top - gap - height);
  }
  card.style.left = `${Math.round(left)}px`;
  card.style.top = `${Math.round(Math.max(4, top))}px`;
}

/** Hide the help (a pinned one only when force). */
export function hide(force = false) {
  clearTimeout(showTimer);
  clearTimeout(hideTimer);
  if (pinned && !force) return;
  pinned = false;
  anchor = null;
  if (card) {
    card.hidden = true;
    card.dataset.pinned = "";
  }
}

function scheduleHide() {
  clearTimeout(hideTimer);
  hideTimer = setTimeout(() => hide(false), HIDE_DELAY_MS);
}

/** The click that ends this press plays nothing (it ended a long press, or closed the help). */
function swallow() {
  swallowClick = true;
  clearTimeout(swallowTimer);
  swallowTimer = setTimeout(() => (swallowClick = false), 1000);
}

function targetOf(node) {
  for (let el = node; el && el !== document; el = el.parentNode) {
    if (HELP.has(el)) return el;
    if (el.dataset && el.dataset.helpButton) return null; // the "i" opens its own help
  }
  return null;
}

// --- events (installed once, on the document) ---------------------------------------------------

function install() {
  if (installed || typeof document === "undefined") return;
  installed = true;
  document.addEventListener("pointerover", (event) => {
    if (event.pointerType === "touch") return;
    if (card && card.contains(event.target)) return;
    const target = targetOf(event.target);
    if (pinned) return;
    if (!target) {
      if (anchor) scheduleHide();
      clearTimeout(showTimer);
      return;
    }
    clearTimeout(hideTimer);
    if (target === anchor && card && !card.hidden) return;
    clearTimeout(showTimer);
    // Moving from one thing to the next while the help is open: follow at once.
    const open = card && !card.hidden;
    showTimer = setTimeout(() => show(target), open ? 0 : DELAY.get(target) ?? SHOW_DELAY_MS);
  });
  document.addEventListener("pointerleave", () => {
    if (!pinned) scheduleHide();
  });
  document.addEventListener("focusin", (event) => {
    const target = HELP.has(event.target) ? event.target : null;
    if (target && !pinned && target.matches(":focus-visible")) show(target);
  });
  document.addEventListener("focusout", (event) => {
    if (event.target === anchor && !pinned) scheduleHide();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && card && !card.hidden) hide(true);
  });
  // Something scrolled: the help follows its thing, or goes when the thing left the window.
  document.addEventListener(
    "scroll",
    (event) => {
      if (pinned || !anchor || (card && card.contains(event.target))) return;
      const r = anchor.getBoundingClientRect();
      if (!anchor.isConnected || r.bottom < 0 || r.top > window.innerHeight) hide(false);
      else place();
    },
    true,
  );
  // A long press on a touch screen: the help, and the click that ends it plays nothing.
  document.addEventListener(
    "pointerdown",
    (event) => {
      lastPointer = event.pointerType;
      if (card && !card.hidden && pinned && !card.contains(event.target)) {
        // A tap beside the open sheet closes it, and plays nothing either.
        hide(true);
        swallow();
        return;
      }
      if (event.pointerType !== "touch") return;
      const target = targetOf(event.target);
      if (!target) return;
      clearTimeout(press && press.timer);
      press = {
        x: event.clientX,
        y: event.clientY,
        timer: setTimeout(() => {
          press = null;
          swallow();
          show(target, { pin: true });
        }, LONG_PRESS_MS),
      };
    },
    true,
  );
  const cancel = () => {
    if (press) clearTimeout(press.timer);
    press = null;
  };
  document.addEventListener("pointerup", cancel, true);
  document.addEventListener("pointercancel", cancel, true);
  document.addEventListener(
    "pointermove",
    (event) => {
      if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > 10) cancel();
    },
    true,
  );
  document.addEventListener(
    "click",
    (event) => {
      if (!swallowClick) return;
      swallowClick = false;
      event.preventDefault();
      event.stopPropagation();
    },
    true,
  );
  // A tap on a touch screen that plays nothing (the thing is not a move now: its handler
  // would have stopped the click) opens the help too.
  document.addEventListener("click", (event) => {
    if (lastPointer !== "touch" || event.defaultPrevented) return;
    if (event.target.closest && event.target.closest("a, button, input, select, textarea, summary, label, [data-action], [data-select]")) return;
    const target = targetOf(event.target);
    if (target) show(target, { pin: true });
  });
  document.addEventListener("contextmenu", (event) => {
    // The menu a long press opens on some phones (not a right click's).
    if ((press || swallowClick) && targetOf(event.target)) event.preventDefault();
  });
  // The board is redrawn with every view: a help left on a node that is gone follows the
  // node now under the pointer (the same card, drawn again), or goes.
  document.addEventListener(
    "pointermove",
    (event) => {
      if (event.pointerType !== "touch") pointer = { x: event.clientX, y: event.clientY };
    },
    { capture: true, passive: true },
  );
  setInterval(() => {
    if (!anchor || pinned || anchor.isConnected) return;
    const under = pointer ? targetOf(document.elementFromPoint(pointer.x, pointer.y)) : null;
    if (under) show(under);
    else hide(false);
  }, 300);
  window.addEventListener("resize", () => place());
}

// --- shared words -------------------------------------------------------------------------------

export function titleCase(s) {
  return s ? String(s)[0].toUpperCase() + String(s).slice(1) : "";
}

/** "close-protection" -> "Close Protection", "force-of-nature" -> "Force of Nature". */
export function slugWords(slug) {
  return String(slug || "")
    .split("-")
    .map((word, i) => (i && (word === "of" || word === "the") ? word : titleCase(word)))
    .join(" ");
}
