import type { PanelFace } from "@/shared/widget-wire";
import { textOnAccent } from "@/shared/text-on-accent";
import { PROTOCOL_SOURCE } from "../../protocol";
import { h, icon } from "../dom";
import { STRINGS } from "../strings";

const CLOSE = "M18 6 6 18M6 6l12 12";
const FOCUSABLE = 'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tells the host page (the loader, src/widget/protocol.ts) that the panel listens, or asks it to close the panel. */
export const postToHost = (type: "ready" | "close") => window.parent.postMessage({ source: PROTOCOL_SOURCE, type }, "*");

/**
 * The frame every mode shares: the dialog (the widget's iframe) or the page's main (the share page), its
 * header in the chatbot's colours with `actions` beside the title. A dialog keeps focus inside itself;
 * Esc or its close button asks the host page to close it.
 */
export function shell(face: PanelFace | null, embed: boolean, actions: HTMLElement): HTMLElement {
  const accent = face?.accent_color ?? "#374151";
  const root = h("div", { class: `panel fs-${face?.font_size ?? "md"}${embed ? "" : " page"}`, role: embed ? "dialog" : "main", "aria-modal": embed ? "true" : null, "aria-labelledby": "acp-title" });
  root.style.setProperty("--accent", accent);
  root.style.setProperty("--on-accent", textOnAccent(accent));
  const header = h(
    "header",
    { class: `head hs-${face?.header_size ?? "md"}` },
    face?.header_icon ? h("img", { src: face.header_icon, alt: "", class: "avatar" }) : null,
    h("h1", { id: "acp-title" }, face?.name ?? STRINGS.untitled),
    actions,
    embed ? h("button", { type: "button", class: "icon-btn", "aria-label": STRINGS.closeChat, "data-f": "close", onclick: () => postToHost("close") }, icon(CLOSE)) : null,
  );
  root.append(header);
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && embed && !event.defaultPrevented) {
      event.preventDefault();
      postToHost("close");
      return;
    }
    if (event.key === "Tab") trapFocus(root, event);
  });
  return root;
}

/** Tab from the last focusable element goes to the first, Shift+Tab from the first to the last. */
function trapFocus(root: HTMLElement, event: KeyboardEvent): void {
  const items = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** The footer: the mode's own buttons (`actions`, a `.foot-actions` span), then "Powered by" unless the chatbot hides it. */
export function footer(face: PanelFace | null, actions: HTMLElement): HTMLElement {
  return h("footer", { class: "foot" }, actions, face && !face.hide_powered_by ? h("span", {}, STRINGS.poweredBy) : null);
}
