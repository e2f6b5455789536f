import type { AnswerSource, ConversationStatus } from "@/shared/widget-wire";

/**
 * The visitor's conversation in the panel's own localStorage (our origin,
 * never the host page's): written after the first message only, so a visitor
 * who never writes leaves nothing behind.
 */
export interface StoredMessage {
  key: string;
  id?: string;
  /** `agent`: a person of the team replied, over the live stream. */
  role: "user" | "assistant" | "agent" | "notice";
  content: string;
  /** `agent`: the person's first name, when the workspace shows names. */
  author?: string;
  sources?: AnswerSource[];
  /** false: the chatbot could not answer from its sources (the visitor is offered to leave an e-mail). */
  answered?: boolean | null;
  feedback?: "positive" | "negative";
  failed?: boolean;
}

export interface StoredConversation {
  visitor_token?: string;
  conversation_id?: string;
  /** The lead form was sent: it is not offered again on its own. */
  lead_sent?: boolean;
  /** Who answers, as last heard: a change to `waiting` is told once, not again on a reload. */
  status?: ConversationStatus;
  /** The visitor's rating of the resolved conversation (record 122): not asked for again. */
  rated?: number;
  messages: StoredMessage[];
}

const KEEP = 100;
const keyOf = (chatbotId: string) => `acp-widget:${chatbotId}`;

export function loadConversation(chatbotId: string): StoredConversation {
  try {
    const raw = window.localStorage.getItem(keyOf(chatbotId));
    if (!raw) return { messages: [] };
    const parsed = JSON.parse(raw) as StoredConversation;
    return Array.isArray(parsed.messages) ? parsed : { messages: [] };
  } catch {
    return { messages: [] }; // storage blocked (third-party storage partitioning, private mode) or corrupt
  }
}

export function saveConversation(chatbotId: string, conversation: StoredConversation): void {
  if (conversation.messages.length === 0) return;
  try {
    const messages = conversation.messages.filter((m) => m.content !== "" || m.role === "user").slice(-KEEP);
    window.localStorage.setItem(keyOf(chatbotId), JSON.stringify({ ...conversation, messages }));
  } catch {
    // storage full or blocked: the conversation lasts as long as the page
  }
}

export function forgetConversation(chatbotId: string): void {
  try {
    window.localStorage.removeItem(keyOf(chatbotId));
  } catch {
    // nothing to forget
  }
}
