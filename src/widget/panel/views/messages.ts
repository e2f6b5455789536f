import { linkify } from "@/shared/linkify";
import type { StoredMessage } from "../conversation-store";
import { h, icon } from "../dom";
import { STRINGS } from "../strings";
import { personMessageView } from "./handoff";

const THUMB =
  "M7 10v12M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z";

/** What a message's buttons and links do (mount-chat.ts). */
export interface MessageActions {
  retry(key: string): void;
  rate(key: string, value: "positive" | "negative"): void;
  openLead(): void;
  linkClicked(url: string, messageId?: string): void;
}

export interface MessageContext {
  actions: MessageActions;
  /** The sources' heading, or null when the chatbot shows none. */
  sourcesLabel: string | null;
}

/** A link out of the panel: a new tab, and a click counted for the chatbot's analytics. */
export function externalLink(actions: MessageActions, url: string, text: string, messageId?: string) {
  const report = () => actions.linkClicked(url, messageId);
  return h("a", { href: url, target: "_blank", rel: "noopener", class: "link", onclick: report, onauxclick: report }, text);
}

/** An answer's or a person's text: plain text and links, never HTML. */
export function linked(actions: MessageActions, text: string, messageId?: string): (Node | string)[] {
  return linkify(text).map((piece) => (piece.kind === "text" ? piece.text : externalLink(actions, piece.url, piece.text, messageId)));
}

/** One message of the conversation, as its `<li>`: the visitor's, a notice, a person's, or the chatbot's answer. */
export function messageView(m: StoredMessage, streaming: boolean, ctx: MessageContext): HTMLElement {
  if (m.role === "user") {
    return h(
      "li",
      { class: "from-user" },
      h("p", { class: "bubble user" }, h("span", { class: "sr-only" }, STRINGS.you), m.content),
      m.failed ? h("p", { class: "failed" }, STRINGS.notSent, h("button", { type: "button", class: "text-btn", "data-f": `retry-${m.key}`, onclick: () => ctx.actions.retry(m.key) }, STRINGS.retry)) : null,
    );
  }
  if (m.role === "notice") return h("li", {}, h("p", { class: "notice" }, m.content));
  if (m.role === "agent") return personMessageView(m, linked(ctx.actions, m.content, m.id));
  return answerView(m, streaming, ctx);
}

function answerView(m: StoredMessage, streaming: boolean, { actions, sourcesLabel }: MessageContext): HTMLElement {
  const typing = streaming && m.content === "";
  const sources = sourcesLabel !== null && m.sources && m.sources.length > 0 ? m.sources : null;
  const thumb = (up: boolean) => {
    const value = up ? "positive" : "negative";
    const pressed = m.feedback === value;
    return h(
      "button",
      { type: "button", class: `icon-btn thumb${up ? "" : " down"}`, "aria-label": up ? STRINGS.helpful : STRINGS.notHelpful, "aria-pressed": String(pressed), "data-f": `${value}-${m.key}`, onclick: () => actions.rate(m.key, value) },
      icon(THUMB, 16, pressed ? "currentColor" : "none"),
    );
  };
  return h(
    "li",
    { class: "from-bot", "data-message-id": m.id },
    h(
      "div",
      { class: "bubble bot" },
      h("span", { class: "sr-only" }, STRINGS.assistant),
      typing ? h("span", { class: "typing", role: "img", "aria-label": STRINGS.writing }, h("i"), h("i"), h("i")) : linked(actions, m.content, m.id),
    ),
    sources
      ? h(
          "div",
          { class: "sources" },
          h("p", { "aria-hidden": "true" }, sourcesLabel),
          h("ul", { "aria-label": sourcesLabel }, ...sources.map((s) => h("li", {}, s.url ? externalLink(actions, s.url, s.title || s.url, m.id) : s.title))),
        )
      : null,
    m.answered === false && !streaming ? h("button", { type: "button", class: "text-btn", "data-f": `offer-${m.key}`, onclick: () => actions.openLead() }, STRINGS.leaveDetailsUnanswered) : null,
    m.id ? h("div", { class: "thumbs", role: "group", "aria-label": STRINGS.rateAnswer }, thumb(true), thumb(false)) : null,
  );
}
