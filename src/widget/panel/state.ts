import { spokenText } from "@/shared/linkify";
import type { ConversationStatus, WidgetConfig } from "@/shared/widget-wire";
import type { ChatOutcome } from "./chat-client";
import type { StoredConversation, StoredMessage } from "./conversation-store";
import { deadEndText } from "./dead-ends";
import { fill, STRINGS } from "./strings";

/**
 * The chat's whole state, and the one function that changes it: `reduce(state, event)`, pure. The views
 * draw from the state alone (src/widget/panel/views); the effects — the API, storage, the live stream,
 * focus — turn what happens into events (mount-chat.ts). Events that add a message carry its key, made by
 * the caller, so the reducer stays pure.
 */
export interface PanelState {
  readonly config: WidgetConfig;
  /** What the panel keeps across reloads (conversation-store.ts). */
  conversation: StoredConversation;
  /** Who answers, as heard since the page opened (the live stream tells the current one at once). */
  status: ConversationStatus;
  /** An answer is streaming in: nothing else is sent meanwhile. */
  streaming: boolean;
  error: string | null;
  /** While waiting for a person: whether anyone from the team is around (null: not known yet). */
  agentsAvailable: boolean | null;
  /** Asked outside business hours: when the team is back ("Back at 09:00", record 122). */
  backAt: string | null;
  /** The last refusal's status (402: no credits; 423: unavailable): the panel's honest dead end. */
  refusal: number | null;
  leadOpen: boolean;
  /** The lead form has offered itself (it does so once: `leadDue`). */
  leadOffered: boolean;
  online: boolean;
  /** What the polite live region reads next; `n` counts, so the same words twice are read twice. */
  said: { text: string; n: number };
}

export type PanelEvent =
  | { type: "sent"; content: string; userKey: string; answerKey: string }
  | { type: "delta"; answerKey: string; text: string }
  | { type: "settled"; outcome: ChatOutcome; userKey: string; answerKey: string }
  | { type: "retried"; key: string }
  | { type: "rated"; key: string; value: "positive" | "negative" }
  | { type: "personAsked"; status: ConversationStatus; agentsAvailable: boolean; backAt?: string | null; key: string }
  | { type: "ratingSent"; score: number; key: string }
  | { type: "ratingFailed" }
  | { type: "personUnreachable" }
  | { type: "personWrote"; id: string; content: string; key: string; author?: string | null }
  | { type: "statusHeard"; status: ConversationStatus; key: string; by?: string | null }
  | { type: "availabilityHeard"; agentsAvailable: boolean; key: string }
  | { type: "leadOpened" }
  | { type: "leadClosed" }
  | { type: "leadOffered" }
  | { type: "leadSent"; thanks: string; visitorToken?: string; key: string }
  | { type: "restarted" }
  | { type: "connectivity"; online: boolean };

export function initialState(config: WidgetConfig, conversation: StoredConversation, online: boolean): PanelState {
  return { config, conversation, status: "bot", streaming: false, error: null, agentsAvailable: null, backAt: null, refusal: null, leadOpen: false, leadOffered: false, online, said: { text: "", n: 0 } };
}

export function reduce(s: PanelState, e: PanelEvent): PanelState {
  const messages = s.conversation.messages;
  switch (e.type) {
    case "sent":
      return { ...withMessages(s, [...messages, { key: e.userKey, role: "user", content: e.content }, { key: e.answerKey, role: "assistant", content: "" }]), error: null, streaming: true };
    case "delta":
      return withMessages(s, patched(messages, e.answerKey, { content: (messages.find((m) => m.key === e.answerKey)?.content ?? "") + e.text }));
    case "settled":
      return settled({ ...s, streaming: false }, e);
    case "retried":
      return withMessages(s, patched(messages, e.key, null));
    case "rated":
      return messages.find((m) => m.key === e.key)?.id ? withMessages(s, patched(messages, e.key, { feedback: e.value })) : s;
    case "personAsked": {
      const backAt = e.backAt ?? null;
      const notice = backAt ? fill(STRINGS.outsideHoursNotice, { back: backAt }) : e.agentsAvailable ? STRINGS.waitingNotice : STRINGS.unattendedNotice;
      // Waiting: the status bar says it (views/handoff.ts) and the live region reads it once, with no second notice in the
      // conversation; outside business hours the notice stays in the conversation, with when the team is back.
      const next = { ...heard(s, e.status), agentsAvailable: e.agentsAvailable, backAt };
      return backAt ? notify(next, notice, e.key) : say(next, notice);
    }
    case "ratingSent":
      return notify({ ...s, error: null, conversation: { ...s.conversation, rated: e.score } }, STRINGS.ratingThanks, e.key);
    case "ratingFailed":
      return { ...s, error: STRINGS.ratingFailed };
    case "personUnreachable":
      return { ...s, error: STRINGS.teamUnreachable };
    case "personWrote":
      if (messages.some((known) => known.id === e.id)) return s;
      return say(withMessages(s, [...messages, { key: e.key, id: e.id, role: "agent", content: e.content, ...(e.author ? { author: e.author } : {}) }]), spokenText(e.content, linkTo));
    case "statusHeard":
      // Resolved by a person: a line in the conversation, once ("Marked resolved by Anna", or "by the team").
      if (e.status === "resolved" && s.conversation.status !== "resolved" && s.conversation.status !== undefined) {
        const line = e.by ? fill(STRINGS.resolvedBy, { name: e.by }) : STRINGS.resolvedByTeam;
        return heard(say(withMessages(s, [...messages, { key: e.key, role: "notice", content: line }]), line), e.status);
      }
      // Asked for by the rules (a request recognised in a message, the unanswered threshold): the visitor is told, once (the bar shows it).
      return heard(e.status === "waiting" && s.conversation.status !== "waiting" ? say(s, STRINGS.waitingNotice) : s, e.status);
    case "availabilityHeard":
      // Nobody came: outside business hours the notice (when the team is back) stays in the conversation; else it is said.
      if (e.agentsAvailable) return { ...s, agentsAvailable: true };
      return s.backAt ? notify({ ...s, agentsAvailable: false }, fill(STRINGS.outsideHoursNotice, { back: s.backAt }), e.key) : say({ ...s, agentsAvailable: false }, STRINGS.unattendedNotice);
    case "leadOpened":
      return { ...s, leadOpen: true };
    case "leadClosed":
      return { ...s, leadOpen: false };
    case "leadOffered":
      return { ...s, leadOffered: true };
    case "leadSent": {
      const conversation = { ...s.conversation, lead_sent: true, visitor_token: s.conversation.visitor_token ?? e.visitorToken };
      return say(withMessages({ ...s, conversation }, [...messages, { key: e.key, role: "notice", content: e.thanks }]), e.thanks);
    }
    case "restarted":
      return { ...s, conversation: { messages: [] }, status: "bot", agentsAvailable: null, backAt: null, error: null, refusal: null, leadOffered: false };
    case "connectivity":
      return { ...s, online: e.online };
  }
}

/** The end of a chat turn: the answer, a refusal (said in the chatbot's voice when it cannot answer), or a failure to retry. */
function settled(s: PanelState, { outcome, userKey, answerKey }: Extract<PanelEvent, { type: "settled" }>): PanelState {
  const messages = s.conversation.messages;
  if (outcome.kind === "done") {
    const done = outcome.done;
    const next = { ...s, conversation: { ...s.conversation, conversation_id: done.conversation_id, visitor_token: done.visitor_token ?? s.conversation.visitor_token } };
    if (!("handoff" in done)) {
      const { id, content, sources, answered } = done.message;
      return say(withMessages(next, patched(messages, answerKey, { id, content, sources: sources ?? [], answered })), spokenText(content, linkTo));
    }
    // A person has the conversation: the message is recorded, the reply comes over the live stream.
    const heardNext = done.status ? heard(next, done.status) : next;
    return withMessages(heardNext, messages.filter((m) => m.key !== answerKey).map((m) => (m.key === userKey ? { ...m, id: done.message.id } : m)));
  }
  if (outcome.kind === "refused") {
    const next = { ...s, refusal: outcome.status };
    if (outcome.status !== 402 && outcome.status !== 423) return say(withMessages(next, patched(messages, answerKey, { role: "notice", content: outcome.message })), outcome.message);
    // The chatbot's own words replace the generic refusal (the dead end, drawn by its view).
    const text = deadEndText("no-credits", s.config.name, s.config.lead_form.on_no_credits);
    return say(withMessages(next, patched(messages, answerKey, null)), `${text.title}. ${text.body}`);
  }
  return say({ ...withMessages(s, patched(patched(messages, answerKey, null), userKey, { failed: true })), error: outcome.message }, outcome.message);
}

/** A bare URL in an answer, as a screen reader says it. */
const linkTo = (host: string) => fill(STRINGS.linkTo, { host });

/** Whether a change of the conversation made by `e` is saved: a streaming delta is not (a reload mid-answer shows none of it). */
export const keepsConversation = (e: PanelEvent) => e.type !== "delta";

/** Out of credits or unavailable (402, 423): the composer gives way to the chatbot's dead end. */
export const isClosed = (s: PanelState) => s.refusal === 402 || s.refusal === 423;

/** Closed, and still asking for the visitor's details: until they leave them. */
export const wantsLeads = (s: PanelState) => isClosed(s) && s.config.lead_form.on_no_credits && !s.conversation.lead_sent;

/** The lead form offers itself once: after N messages, or when the chatbot cannot answer. */
export function leadDue(s: PanelState): boolean {
  if (s.leadOffered || s.streaming || s.leadOpen || s.conversation.lead_sent) return false;
  const sent = s.conversation.messages.filter((m) => m.role === "user").length;
  const form = s.config.lead_form;
  return (form.after_messages !== null && sent >= form.after_messages) || (form.on_no_credits && isClosed(s));
}

/** Nobody from the team around while the visitor waits: the lead form offers itself, when the chatbot wants it then. */
export const leadOnUnattended = (s: PanelState) => s.agentsAvailable === false && s.status === "waiting" && s.config.lead_form.on_handoff && !s.conversation.lead_sent;

/** "Talk to a person" is offered once there is a conversation the bot answers, and a chat to have. */
export const canAskForPerson = (s: PanelState) => Boolean(s.conversation.conversation_id) && (s.status === "bot" || s.status === "resolved") && !isClosed(s);

export const canSend = (s: PanelState, text: string) => !s.streaming && text.trim() !== "";

/** A resolved conversation the visitor has not rated yet asks for a rating (record 122). */
export const asksForRating = (s: PanelState) => s.status === "resolved" && s.conversation.rated === undefined && Boolean(s.conversation.visitor_token);

/** "That answered my question": offered while the bot answers and has answered something. */
export const canResolve = (s: PanelState) => s.status === "bot" && !s.streaming && s.conversation.messages.some((m) => m.role === "assistant" && m.id);

const withMessages = (s: PanelState, messages: StoredMessage[]): PanelState => ({ ...s, conversation: { ...s.conversation, messages } });

const patched = (messages: StoredMessage[], key: string, change: Partial<StoredMessage> | null) =>
  change === null ? messages.filter((m) => m.key !== key) : messages.map((m) => (m.key === key ? { ...m, ...change } : m));

const say = (s: PanelState, text: string): PanelState => ({ ...s, said: { text, n: s.said.n + 1 } });

/** A notice in the conversation, unless it is the last notice already (a reconnecting stream repeats its first frames); said either way. */
function notify(s: PanelState, content: string, key: string): PanelState {
  const lastNotice = [...s.conversation.messages].reverse().find((m) => m.role === "notice");
  return say(lastNotice?.content === content ? s : withMessages(s, [...s.conversation.messages, { key, role: "notice", content }]), content);
}

/** Who answers, as last heard, kept with the conversation: a change to `waiting` is told once, not again on a reload. */
function heard(s: PanelState, next: ConversationStatus): PanelState {
  // A conversation reopened after its rating is asked for again when it is resolved again (a new rating replaces the old).
  const { rated, ...rest } = s.conversation;
  const reopened = rated !== undefined && next !== "resolved";
  const conversation = s.conversation.status === next && !reopened ? s.conversation : reopened ? { ...rest, status: next } : { ...s.conversation, status: next };
  return { ...s, status: next, agentsAvailable: next === "waiting" ? s.agentsAvailable : null, backAt: next === "waiting" ? s.backAt : null, conversation };
}
