"use client";

import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { postQuietly, sendChat } from "./chat-client";
import { forgetConversation, loadConversation, saveConversation, type StoredConversation, type StoredMessage } from "./conversation-store";
import { spokenText } from "./linkify";

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

const WAITING_NOTICE = "We\u2019ve asked a person from the team to join. You can keep writing here.";
const UNATTENDED_NOTICE = "No one from the team is available right now. Leave your details and we\u2019ll get back to you.";

let counter = 0;
const newKey = () => `m${Date.now().toString(36)}${(counter++).toString(36)}`;

/**
 * The visitor's side of the chat: streaming one answer at a time into one
 * bubble, the conversation kept across reloads, refusals said politely,
 * failures kept with a retry, and the finished answer handed to a live region
 * once.
 */
export function useWidgetChat(chatbotId: string, source: "widget" | "share" = "widget") {
  const [conversation, setConversation] = useState<StoredConversation>({ messages: [] });
  const [streaming, setStreaming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
  const latest = useRef(conversation);
  /** Who answers (issue 23): `waiting` and `human` mean a person of the team, over the live stream. */
  const [status, setStatus] = useState<"bot" | "waiting" | "human" | "resolved">("bot");
  /** While waiting for a person: whether anyone from the team is around (null: not known yet), from the live stream. */
  const [agentsAvailable, setAgentsAvailable] = useState<boolean | null>(null);
  /** The last refusal's status (402: no credits), for the panel's lead form. */
  const [refusal, setRefusal] = useState<number | null>(null);

  useEffect(() => {
    // The stored conversation exists only in the browser: read it after hydration (the server drew the empty panel).
    const timer = window.setTimeout(() => {
      const stored = loadConversation(chatbotId);
      latest.current = stored;
      setConversation(stored);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [chatbotId]);

  const update = useCallback(
    (change: (c: StoredConversation) => StoredConversation, persist = false) => {
      const next = change(latest.current);
      latest.current = next;
      setConversation(next);
      if (persist) saveConversation(chatbotId, next);
    },
    [chatbotId],
  );

  const patchMessage = useCallback(
    (key: string, patch: Partial<StoredMessage> | null, persist = false) =>
      update((c) => ({ ...c, messages: patch === null ? c.messages.filter((m) => m.key !== key) : c.messages.map((m) => (m.key === key ? { ...m, ...patch } : m)) }), persist),
    [update],
  );

  /** A notice in the conversation, unless it is the last notice already (a reconnecting stream repeats its first frames). */
  const notify = useCallback(
    (content: string) => {
      const lastNotice = [...latest.current.messages].reverse().find((m) => m.role === "notice");
      if (lastNotice?.content !== content) update((c) => ({ ...c, messages: [...c.messages, { key: newKey(), role: "notice", content }] }), true);
      setAnnouncement(content);
    },
    [update],
  );

  // The conversation's live stream: a person's replies and the status, from whichever app process serves it.
  const { conversation_id: liveId, visitor_token: liveToken } = conversation;
  useEffect(() => {
    if (!liveId || !liveToken) return;
    const lastId = [...latest.current.messages].reverse().find((m) => m.id)?.id;
    const query = new URLSearchParams({ visitor_token: liveToken, ...(lastId ? { last_event_id: lastId } : {}) });
    const source = new EventSource(`/api/widget/${chatbotId}/conversations/${liveId}/stream?${query}`);
    source.addEventListener("message", (event) => {
      const m = JSON.parse((event as MessageEvent<string>).data) as { id: string; content: string };
      if (latest.current.messages.some((known) => known.id === m.id)) return;
      update((c) => ({ ...c, messages: [...c.messages, { key: newKey(), id: m.id, role: "agent", content: m.content }] }), true);
      setAnnouncement(m.content);
    });
    source.addEventListener("status", (event) => {
      const next = (JSON.parse((event as MessageEvent<string>).data) as { status: "bot" | "waiting" | "human" | "resolved" }).status;
      setStatus(next);
      if (next !== "waiting") setAgentsAvailable(null);
      // Asked for by the rules (a request recognised in a message, the unanswered threshold): the visitor is told.
      if (next === "waiting" && latest.current.status !== "waiting") notify(WAITING_NOTICE);
      if (latest.current.status !== next) update((c) => ({ ...c, status: next }), true);
    });
    source.addEventListener("availability", (event) => {
      const available = (JSON.parse((event as MessageEvent<string>).data) as { agents_available: boolean }).agents_available;
      setAgentsAvailable(available);
      if (!available) notify(UNATTENDED_NOTICE);
    });
    return () => source.close();
  }, [chatbotId, liveId, liveToken, notify, update]);

  const send = useCallback(
    async (text: string) => {
      const content = text.trim();
      if (!content || streaming) return;
      setError(null);
      setStreaming(true);
      const userKey = newKey();
      const answerKey = newKey();
      update((c) => ({ ...c, messages: [...c.messages, { key: userKey, role: "user", content }, { key: answerKey, role: "assistant", content: "" }] }), true);
      const { conversation_id, visitor_token } = latest.current;
      const outcome = await sendChat(chatbotId, { message: content, conversation_id, visitor_token, source }, (delta) =>
        update((c) => ({ ...c, messages: c.messages.map((m) => (m.key === answerKey ? { ...m, content: m.content + delta } : m)) })),
      );
      if (outcome.kind === "done" && outcome.done.handoff) {
        // A person has the conversation: the message is recorded, the reply comes over the live stream.
        if (outcome.done.status) setStatus(outcome.done.status);
        update(
          (c) => ({
            ...c,
            status: outcome.done.status ?? c.status,
            conversation_id: outcome.done.conversation_id,
            visitor_token: outcome.done.visitor_token ?? c.visitor_token,
            messages: c.messages.filter((m) => m.key !== answerKey).map((m) => (m.key === userKey ? { ...m, id: outcome.done.message.id } : m)),
          }),
          true,
        );
      } else if (outcome.kind === "done") {
        const { message } = outcome.done;
        update(
          (c) => ({
            conversation_id: outcome.done.conversation_id,
            visitor_token: outcome.done.visitor_token ?? c.visitor_token,
            messages: c.messages.map((m) => (m.key === answerKey ? { ...m, id: message.id, content: message.content, sources: message.sources ?? [], answered: message.answered } : m)),
          }),
          true,
        );
        setAnnouncement(spokenText(message.content));
      } else if (outcome.kind === "refused") {
        setRefusal(outcome.status);
        patchMessage(answerKey, { role: "notice", content: outcome.message }, true);
        setAnnouncement(outcome.message);
      } else {
        patchMessage(answerKey, null);
        patchMessage(userKey, { failed: true }, true);
        setError(outcome.message);
        setAnnouncement(outcome.message);
      }
      setStreaming(false);
    },
    [chatbotId, patchMessage, source, streaming, update],
  );

  const retry = useCallback(
    (key: string) => {
      const failed = latest.current.messages.find((m) => m.key === key);
      if (!failed) return;
      patchMessage(key, null, true);
      void send(failed.content);
    },
    [patchMessage, send],
  );

  const rate = useCallback(
    (key: string, value: "positive" | "negative") => {
      const message = latest.current.messages.find((m) => m.key === key);
      if (!message?.id) return;
      patchMessage(key, { feedback: value }, true);
      postQuietly(chatbotId, "feedback", { message_id: message.id, value });
    },
    [chatbotId, patchMessage],
  );

  const linkClicked = useCallback(
    (url: string, messageId?: string) => postQuietly(chatbotId, "link-clicks", { url, message_id: messageId, visitor_token: latest.current.visitor_token }),
    [chatbotId],
  );

  /**
   * The visitor asks for a person: the conversation waits for one. Answers whether someone from the team
   * is around; if not, a notice says so (the panel offers the lead form).
   */
  const askForPerson = useCallback(async (): Promise<boolean> => {
    const { conversation_id, visitor_token } = latest.current;
    if (!conversation_id || !visitor_token) return false;
    try {
      const res = await fetch(`/api/widget/${chatbotId}/conversations/${conversation_id}/handoff`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ visitor_token }),
      });
      if (!res.ok) throw new Error(String(res.status));
      const answer = (await res.json()) as { status: "bot" | "waiting" | "human" | "resolved"; agents_available: boolean };
      setStatus(answer.status);
      setAgentsAvailable(answer.agents_available);
      update((c) => ({ ...c, status: answer.status }), true);
      notify(answer.agents_available ? WAITING_NOTICE : UNATTENDED_NOTICE);
      return answer.agents_available;
    } catch {
      setError("Couldn't reach the team. Please try again.");
      return false;
    }
  }, [chatbotId, notify, update]);

  /** The lead form, as data: a thank-you notice, or the field errors (null when sent). */
  const submitLead = useCallback(
    async (fields: Record<string, string>): Promise<Record<string, string[]> | null> => {
      const { conversation_id, visitor_token } = latest.current;
      try {
        const res = await fetch(`/api/widget/${chatbotId}/leads`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ fields, conversation_id, visitor_token }),
        });
        const body = (await res.json()) as { message?: string; errors?: Record<string, string[]>; visitor_token?: string };
        if (res.status === 422) return body.errors ?? { fields: [body.message ?? "Please check the form."] };
        if (!res.ok) return { fields: [body.message ?? "Something went wrong. Please try again."] };
        const thanks = body.message ?? "Thank you!";
        update((c) => ({ ...c, lead_sent: true, visitor_token: c.visitor_token ?? body.visitor_token, messages: [...c.messages, { key: newKey(), role: "notice", content: thanks }] }), true);
        setAnnouncement(thanks);
        return null;
      } catch {
        return { fields: ["You seem to be offline. Please try again."] };
      }
    },
    [chatbotId, update],
  );

  const restart = useCallback(() => {
    forgetConversation(chatbotId);
    update(() => ({ messages: [] }));
    setStatus("bot");
    setAgentsAvailable(null);
    setError(null);
  }, [chatbotId, update]);

  return { messages: conversation.messages, leadSent: Boolean(conversation.lead_sent), refusal, submitLead, status, agentsAvailable, askForPerson, hasConversation: Boolean(conversation.conversation_id), streaming, error, online, announcement, send, retry, rate, linkClicked, restart };
}
