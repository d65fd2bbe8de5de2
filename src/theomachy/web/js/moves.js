// Legal actions as things to click. A renderer binds each legal action string to the element
// that stands for it (a card, a square, a target); the table offers every action no renderer
// bound as a plain button, so a game can never get stuck on an action nobody drew.

import { h } from "./dom.js";

export class Moves {
  /**
   * @param {string[]} legal the legal actions of the viewer's seat (empty when not its turn)
   * @param {(action: string) => void} send plays an action
   * @param {boolean} enabled false in the replay viewer and while an action is in flight
   * @param {((action: string) => void) | null} explain says why an action is not a move now
   *   (null in the replay viewer and for spectators: their clicks say nothing)
   */
  constructor(legal, send, enabled, explain = null) {
    this.legal = legal || [];
    this.set = new Set(this.legal);
    this.send = send;
    this.enabled = enabled;
    this.explain = explain;
    this.covered = new Set();
  }

  /** Whether an action is legal now (and may be played from this page). */
  has(action) {
    return this.enabled && this.set.has(action);
  }

  /** Legal actions whose words start with the given words ("place", "attack thor"). */
  starting(prefix) {
    if (!this.enabled) return [];
    const words = prefix.split(" ");
    return this.legal.filter((action) => {
      const parts = action.split(" ");
      return words.every((word, i) => parts[i] === word);
    });
  }

  /**
   * Make ``el`` play ``action`` when clicked (or Enter/Space when focused), if it is legal.
   * Sets data-action, so tests and assistive tech find it. An action that is not legal now
   * makes a click on ``el`` say why instead (data-refused), so a renderer binds every thing
   * a person might try, legal or not. Returns el.
   */
  bind(el, action, { label } = {}) {
    if (!this.has(action)) return this.refuse(el, action);
    this.covered.add(action);
    el.dataset.action = action;
    el.classList.add("actionable");
    if (el.tagName !== "BUTTON") {
      el.tabIndex = 0;
      el.setAttribute("role", "button");
    }
    if (label) el.setAttribute("aria-label", label);
    const play = (event) => {
      event.preventDefault();
      event.stopPropagation();
      this.send(action);
    };
    el.addEventListener("click", play);
    el.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") play(event);
    });
    return el;
  }

  /** Make a click on ``el`` say why ``action`` is not a move now (when there is someone to
   * tell: a seat at a live table). The thing keeps its look; the click plays nothing. */
  refuse(el, action) {
    if (!this.explain || el.dataset.refused !== undefined) return el;
    el.dataset.refused = action;
    el.addEventListener("click", (event) => {
      if (event.defaultPrevented) return;
      this.explain(action);
    });
    return el;
  }

  /** A button that plays ``action`` (null if the action is not legal). */
  button(action, label, cls = "") {
    if (!this.has(action)) return null;
    return this.bind(h(`button.move${cls ? "." + cls : ""}`, { type: "button" }, label), action);
  }

  /** Mark actions as reachable by clicks that the renderer handles itself (two-step choices). */
  cover(...actions) {
    for (const action of actions.flat()) if (this.set.has(action)) this.covered.add(action);
  }

  /** The legal actions no element stands for. */
  uncovered() {
    if (!this.enabled) return [];
    return this.legal.filter((action) => !this.covered.has(action));
  }
}
