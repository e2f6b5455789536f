/**
 * The panel's whole DOM toolkit: `h` builds an element from attributes and children (text is always a
 * text node, never HTML), `patch` swaps a region's content and keeps the keyboard focus on the element
 * with the same `data-f` name — a region redrawn under a focused button does not drop the visitor's place.
 */
type Child = Node | string | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Child | Child[])[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === "function") el.addEventListener(name.slice(2).toLowerCase(), value);
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

function append(el: Element, children: (Child | Child[])[]): void {
  for (const child of children.flat()) if (child !== null && child !== undefined && child !== false) el.append(child);
}

/** An inline SVG icon from its path data (decorative: hidden from screen readers). */
export function icon(d: string, size = 20, fill = "none"): SVGSVGElement {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  for (const [k, v] of Object.entries({ viewBox: "0 0 24 24", width: size, height: size, fill, stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round", "stroke-linejoin": "round", "aria-hidden": "true" }))
    svg.setAttribute(k, String(v));
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", d);
  svg.append(path);
  return svg;
}

export function patch(region: Element, children: Child[] | Child): void {
  const active = document.activeElement;
  const focused = active instanceof HTMLElement && region.contains(active) ? active.dataset.f : undefined;
  region.replaceChildren();
  append(region, [children].flat());
  if (focused) region.querySelector<HTMLElement>(`[data-f="${focused}"]`)?.focus();
}

/** Replaces one element by another, keeping the focus as `patch` does. */
export function swap(old: Element, next: Element): void {
  const active = document.activeElement;
  const focused = active instanceof HTMLElement && old.contains(active) ? active.dataset.f : undefined;
  old.replaceWith(next);
  if (focused) next.querySelector<HTMLElement>(`[data-f="${focused}"]`)?.focus();
}

/**
 * A region redrawn only when what it shows changes: `show(sig, draw)` patches it with `draw()` when `sig`
 * (the data it depends on) differs from the last drawn. Untouched regions keep their elements, so a
 * button under the pointer is not replaced while an answer streams in.
 */
export function region(el: Element): (sig: unknown, draw: () => Child[] | Child) => void {
  let last: string | undefined;
  return (sig, draw) => {
    const next = JSON.stringify(sig);
    if (next === last) return;
    last = next;
    patch(el, draw());
  };
}

/**
 * A keyed list after `first`: each item (key, signature, draw) is redrawn only when its signature
 * changes, moved into place rather than rebuilt, and removed when its key is gone.
 */
export function keyedList(first: Element): (items: [key: string, sig: string, draw: () => HTMLElement][]) => void {
  const drawn = new Map<string, { el: HTMLElement; sig: string }>();
  return (items) => {
    const keys = new Set(items.map(([key]) => key));
    for (const [key, { el }] of drawn) {
      if (keys.has(key)) continue;
      el.remove();
      drawn.delete(key);
    }
    let previous = first;
    for (const [key, sig, draw] of items) {
      let known = drawn.get(key);
      if (!known || known.sig !== sig) {
        const el = draw();
        if (known) swap(known.el, el);
        known = { el, sig };
        drawn.set(key, known);
      }
      if (previous.nextElementSibling !== known.el) previous.after(known.el);
      previous = known.el;
    }
  };
}
