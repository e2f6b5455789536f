"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { useChatbot } from "@/components/chatbots/chatbot-context";
import { UpdatedAnswerDialog } from "@/components/chatbots/finetunes/updated-answer-dialog";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { AnswerMeta, type MessageSource } from "./message-sources";
import { LinkedText } from "./linked-text";
import { readAnswerStream } from "./read-answer-stream";
import { CharacterCount } from "@/components/ui/character-count";

/** The longest message a visitor may send (the chat endpoints refuse longer ones). */
const MESSAGE_MAX = 4000;

interface Turn {
  question: string;
  answer: string;
  answered: boolean | null;
  sources: MessageSource[];
}

/** Ask the chatbot as a visitor would: streamed, from its sources, and it costs a message credit like any answer. */
export function Playground({ chatbotId }: { chatbotId: string }) {
  const queryClient = useQueryClient();
  const [turns, setTurns] = useState<Turn[]>([]);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const { can_edit } = useChatbot();
  // An answer to correct: an updated answer for its question, as from the inbox.
  const [improving, setImproving] = useState<{ question: string; suggested_answer: string } | null>(null);

  const update = (patch: Partial<Turn>) => setTurns((all) => [...all.slice(0, -1), { ...all.at(-1)!, ...patch }]);

  async function send(event: FormEvent) {
    event.preventDefault();
    const question = message.trim();
    if (!question || busy) return;
    setBusy(true);
    setError(null);
    setMessage("");
    setTurns((all) => [...all, { question, answer: "", answered: null, sources: [] }]);
    let text = "";
    try {
      const response = await fetch(`/api/playground/${chatbotId}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
        body: JSON.stringify({ message: question, conversation_id: conversationId }),
      });
      const done = await readAnswerStream(response, (delta) => {
        text += delta;
        update({ answer: text });
      });
      setConversationId(done.conversation_id);
      if (done.handoff) update({ answer: "A person has taken over this conversation: the bot does not answer. Reply from the inbox.", answered: null });
      else update({ answer: done.message.content, answered: done.message.answered ?? null, sources: done.message.sources ?? [] });
      void queryClient.invalidateQueries();
    } catch (e) {
      setTurns((all) => all.slice(0, -1));
      setMessage(question);
      setError((e as Error).message);
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-gray-600">Ask what a visitor would ask. Each answer uses one message credit.</p>
        <Button variant="secondary" size="sm" disabled={busy || turns.length === 0} onClick={() => { setTurns([]); setConversationId(null); }}>
          New conversation
        </Button>
      </div>
      <Card className="p-4">
        <div role="log" aria-label="Playground conversation" aria-live="polite" className="min-h-40 space-y-4">
          {turns.length === 0 ? <p className="text-sm text-gray-500">No messages yet.</p> : null}
          {turns.map((t, i) => (
            <div key={i} className="space-y-2" data-testid="playground-turn">
              <div className="ml-auto w-fit max-w-[85%] rounded-lg bg-indigo-600 px-3 py-2 text-sm break-words whitespace-pre-line text-white">{t.question}</div>
              <div className="max-w-[95%] rounded-lg bg-gray-100 px-3 py-2 text-sm break-words whitespace-pre-line text-gray-900" data-testid="playground-answer">
                {t.answer ? <LinkedText text={t.answer} /> : busy && i === turns.length - 1 ? "…" : ""}
                {t.answered !== null ? <AnswerMeta answered={t.answered} sources={t.sources} /> : null}
              </div>
              {can_edit && t.answered !== null ? (
                <button type="button" className="text-xs text-indigo-700 underline hover:text-indigo-900" onClick={() => setImproving({ question: t.question, suggested_answer: t.answer })}>
                  Improve this answer
                </button>
              ) : null}
            </div>
          ))}
        </div>
      </Card>
      {error ? <ErrorAlert title="The chatbot could not answer." message={error} /> : null}
      <form onSubmit={send} className="space-y-2">
        <Label htmlFor="playground-message">Your message</Label>
        <Textarea
          id="playground-message"
          ref={input}
          rows={2}
          maxLength={MESSAGE_MAX}
          aria-describedby="playground-message-count"
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) void send(e);
          }}
        />
        <div className="flex items-center justify-between gap-2">
          <CharacterCount id="playground-message-count" length={message.length} max={MESSAGE_MAX} />
          <Button type="submit" className="ml-auto" disabled={busy || !message.trim()}>
            {busy ? "Answering…" : "Send"}
          </Button>
        </div>
      </form>
      {improving ? <UpdatedAnswerDialog chatbotId={chatbotId} editing={null} prefill={improving} onClose={() => setImproving(null)} /> : null}
    </div>
  );
}
