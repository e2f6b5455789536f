import type { WidgetConfig } from "@/shared/widget-wire";
import { h, icon, keyedList, region } from "../dom";
import { canAskForPerson, canResolve, isClosed, wantsLeads, type PanelState } from "../state";
import { STRINGS } from "../strings";
import { closedView } from "./dead-end";
import { personView, waitingView } from "./handoff";
import { leadRegion, type LeadFormHandlers } from "./lead-form";
import { messageView, type MessageActions } from "./messages";
import { ratingView } from "./rating";
import { footer, shell } from "./shell";

const SEND = "M22 2 11 13M22 2l-7 20-4-9-9-4 20-7z";

/** What the visitor can do in the chat (mount-chat.ts turns each into events and calls). */
export interface ChatActions extends MessageActions {
  canSend(text: string): boolean;
  send(text: string): void;
  askForPerson(): void;
  /** "That answered my question" (record 122). */
  resolve(): void;
  rateConversation(score: number, comment: string): void;
  chip(suggestion: WidgetConfig["suggested_messages"][number]): void;
  restart(): void;
  lead: LeadFormHandlers;
}

export interface ChatView {
  root: HTMLElement;
  input: HTMLTextAreaElement;
  render(s: PanelState): void;
  focusLead(): void;
  /** Focuses the message box, unless the chat is closed (its composer hidden). */
  focusInput(): void;
}

/**
 * The chat: the conversation, the composer, suggested questions before the first message, and the regions
 * of the other modes — waiting for a person or a person in it (the status bar), the lead form, the dead
 * end. `render` draws a state; each region is redrawn only when what it shows changes.
 */
export function chatView(config: WidgetConfig, embed: boolean, actions: ChatActions): ChatView {
  const headActions = h("span", { class: "head-actions" });
  const root = shell(config, embed, headActions);
  const statusBar = h("div");
  // With business hours (record 122): whether the team is online now, or when it is back.
  const hours = config.team_hours
    ? h("p", { class: "bar info", "data-testid": "widget-team-hours" }, config.team_hours.open ? STRINGS.weAreOnline : (config.team_hours.back_at ?? STRINGS.nobodyAround))
    : null;
  const ratingSlot = h("div");
  const welcome = h("li", {}, h("p", { class: "bubble bot" }, config.welcome_message));
  const log = h("div", { class: "log", role: "log", "aria-live": "off", "aria-label": STRINGS.conversation }, h("ol", { class: "msgs" }, welcome));
  // The finished answer, said once; the log itself stays quiet while text streams in.
  const announcer = h("div", { class: "sr-only", "aria-live": "polite" });
  const suggestions = h("div");
  const errorSlot = h("div");
  const closedSlot = h("div");
  const lead = leadRegion(config.lead_form.fields, actions.lead);
  const footActions = h("span", { class: "foot-actions" });
  const { composer, input, sendButton } = composerView(config, actions);
  root.append(...(hours ? [hours] : []), statusBar, log, announcer, suggestions, ratingSlot, errorSlot, closedSlot, lead.el, composer, footer(config, footActions));

  const messages = keyedList(welcome);
  const context = { actions, sourcesLabel: config.enable_sources ? config.sources_label : null };
  const regions = { head: region(headActions), bar: region(statusBar), chips: region(suggestions), error: region(errorSlot), closed: region(closedSlot), foot: region(footActions), rating: region(ratingSlot) };
  let said = 0;

  function render(s: PanelState) {
    const hasConversation = s.conversation.messages.length > 0;
    const closed = isClosed(s);
    regions.head([hasConversation, s.streaming], () =>
      hasConversation ? h("button", { type: "button", class: "head-btn", "data-f": "restart", disabled: s.streaming, onclick: actions.restart }, STRINGS.newChat) : null,
    );
    regions.bar([s.online, s.status, s.agentsAvailable, s.backAt], () => [s.online ? null : h("p", { role: "status", class: "bar warn" }, STRINGS.offline), waitingView(s) ?? personView(s)]);
    const last = s.conversation.messages[s.conversation.messages.length - 1];
    messages(s.conversation.messages.map((m) => [m.key, JSON.stringify([m, s.streaming && m === last]), () => messageView(m, s.streaming && m === last, context)]));
    log.scrollTop = log.scrollHeight;
    if (s.said.n !== said) {
      said = s.said.n;
      announce(s.said.text);
    }
    regions.chips(hasConversation, () => (hasConversation ? null : suggestionsView(config, actions)));
    regions.rating([s.status, s.conversation.rated], () => ratingView(s, actions.rateConversation));
    regions.error(s.error, () => (s.error ? h("p", { role: "alert", class: "error" }, s.error) : null));
    regions.closed([closed, wantsLeads(s)], () => closedView(s));
    lead.render(s.leadOpen);
    composer.hidden = closed;
    sendButton.disabled = !actions.canSend(input.value);
    regions.foot([s.leadOpen, closed, wantsLeads(s), canAskForPerson(s), s.streaming, canResolve(s)], () => [
      canResolve(s) ? h("button", { type: "button", class: "text-btn", "data-f": "resolve", onclick: () => actions.resolve() }, STRINGS.thatAnswered) : null,
      s.leadOpen || (closed && !wantsLeads(s)) ? null : h("button", { type: "button", class: "text-btn", "data-f": "lead", onclick: () => actions.openLead() }, STRINGS.leaveDetails),
      canAskForPerson(s) ? h("button", { type: "button", class: "text-btn", "data-f": "person", disabled: s.streaming, onclick: () => actions.askForPerson() }, STRINGS.talkToPerson) : null,
    ]);
  }

  function announce(text: string) {
    // A change of text is what a live region reads: clear first so the same words twice are read twice.
    announcer.textContent = "";
    window.setTimeout(() => (announcer.textContent = text), 50);
  }

  return { root, input, render, focusLead: lead.focusFirst, focusInput: () => !composer.hidden && input.focus() };
}

/** The message box: Enter sends, Shift+Enter a new line; it grows with its text up to its max height (CSS), then scrolls. */
function composerView(config: WidgetConfig, actions: ChatActions) {
  const input = h("textarea", { id: "acp-message", rows: 1, maxlength: 4000, placeholder: config.placeholder, "data-f": "input" });
  const sendButton = h("button", { type: "submit", class: "send", "aria-label": STRINGS.sendMessage, disabled: true }, icon(SEND));
  const composer = h("form", { class: "composer" }, h("label", { for: "acp-message", class: "sr-only" }, STRINGS.message), input, sendButton);
  const submit = () => {
    if (!actions.canSend(input.value)) return;
    const text = input.value;
    input.value = "";
    input.style.height = "";
    actions.send(text);
  };
  input.addEventListener("input", () => {
    sendButton.disabled = !actions.canSend(input.value);
    input.style.height = "auto";
    input.style.height = `${input.scrollHeight}px`;
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      submit();
    }
  });
  composer.addEventListener("submit", (event) => {
    event.preventDefault();
    submit();
  });
  return { composer, input, sendButton };
}

/** The chatbot's suggested messages, before the first message: a link opens (and is counted), a button acts (record 075). */
function suggestionsView(config: WidgetConfig, actions: ChatActions): HTMLElement | null {
  if (config.suggested_messages.length === 0) return null;
  return h(
    "ul",
    { class: "chips", "aria-label": STRINGS.suggestedQuestions },
    ...config.suggested_messages.map((s, i) =>
      h(
        "li",
        {},
        s.type === "link" && s.url
          ? h("a", { href: s.url, target: "_blank", rel: "noopener", class: "chip", onclick: () => actions.linkClicked(s.url!) }, s.name)
          : h("button", { type: "button", class: "chip", "data-f": `chip-${i}`, onclick: () => actions.chip(s) }, s.name),
      ),
    ),
  );
}
