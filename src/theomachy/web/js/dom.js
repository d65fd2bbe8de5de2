// Building the page safely: every piece of text goes in as a text node (never as HTML), and
// attributes are set one by one. No server string is ever parsed as markup.

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * Create an element: h("div.card.greek#id", {data: {square: "e5"}, onclick}, child, ...).
 * Children may be strings (text nodes), numbers, nodes, arrays, or null/false (skipped).
 */
export function h(spec, attrs, ...children) {
  const { tag, id, classes } = parseSpec(spec);
  const node = document.createElement(tag);
  if (id) node.id = id;
  if (classes.length) node.classList.add(...classes);
  applyAttrs(node, attrs);
  append(node, children);
  return node;
}

/** An SVG element (for icons): svg("path", {d: "..."}). */
export function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value !== null && value !== undefined && value !== false) {
      node.setAttribute(key, String(value));
    }
  }
  append(node, children);
  return node;
}

function parseSpec(spec) {
  const match = /^([a-z0-9-]+)?((?:[.#][A-Za-z0-9_-]+)*)$/.exec(spec);
  if (!match) throw new Error(`bad element spec ${spec}`);
  const tag = match[1] || "div";
  let id = null;
  const classes = [];
  for (const part of match[2].match(/[.#][A-Za-z0-9_-]+/g) || []) {
    if (part[0] === "#") id = part.slice(1);
    else classes.push(part.slice(1));
  }
  return { tag, id, classes };
}

function applyAttrs(node, attrs) {
  if (!attrs) return;
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "data") {
      for (const [name, v] of Object.entries(value)) {
        if (v !== null && v !== undefined && v !== false) node.dataset[name] = String(v);
      }
    } else if (key === "class") {
      for (const c of [].concat(value)) if (c) node.classList.add(...String(c).split(/\s+/).filter(Boolean));
    } else if (key === "style") {
      for (const [name, v] of Object.entries(value)) {
        if (v !== null && v !== undefined) node.style.setProperty(name, String(v));
      }
    } else if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (key in node && typeof value !== "string" && key !== "list") {
      node[key] = value;
    } else if (value === true) {
      node.setAttribute(key, "");
    } else {
      node.setAttribute(key, String(value));
    }
  }
}

export function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Empty a node and put new children in. */
export function replace(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

/** A short-lived message at the bottom of the screen. */
export function toast(message, kind = "info") {
  let box = document.getElementById("toasts");
  if (!box) {
    box = h("div#toasts", { role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  const item = h(`div.toast.toast-${kind}`, null, message);
  box.append(item);
  setTimeout(() => item.classList.add("fade"), 4200);
  setTimeout(() => item.remove(), 5000);
  return item;
}

/** Copy text to the clipboard (with a fallback for pages that are not a secure context). */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = h("textarea", { style: { position: "fixed", opacity: "0" } });
    area.value = text;
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** "2 minutes ago" for an ISO date. */
export function ago(iso) {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return "";
  const seconds = Math.max(0, Math.round((Date.now() - then) / 1000));
  if (seconds < 60) return "just now";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}
