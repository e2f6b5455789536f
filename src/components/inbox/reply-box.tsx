"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CharacterCount } from "@/components/ui/character-count";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/components/lib/cn";
import { matchingShortcuts, slashQuery } from "@/server/conversations/client";
import { useTRPC } from "@/trpc/react";

/** The longest reply or note (the procedures refuse longer ones). */
const REPLY_MAX = 4000;

type Mode = "reply" | "internal";

/**
 * The reply box (docs/decisions/121-the-inbox-for-a-support-team.md): a reply to the visitor, or an
 * internal note only the team sees. Typing `/` offers the workspace's saved replies (the ARIA combobox
 * pattern: arrow keys move, Enter or Tab inserts the chosen body with its variables filled, Escape closes).
 */
export function ReplyBox({ chatbotId, conversationId, human, onSent }: { chatbotId: string; conversationId: string; human: boolean; onSent: () => void }) {
  const trpc = useTRPC();
  const ids = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [mode, setMode] = useState<Mode>("reply");
  const [draft, setDraft] = useState("");
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const saved = useQuery(trpc.inboxTools.savedReplies.queryOptions({ chatbot_id: chatbotId, conversation_id: conversationId }));
  const done = () => {
    setDraft("");
    onSent();
  };
  const reply = useMutation(trpc.conversations.reply.mutationOptions({ onSuccess: done }));
  const note = useMutation(trpc.inboxTools.addNote.mutationOptions({ onSuccess: done }));

  const query = slashQuery(draft, caret);
  const suggestions = query && dismissed !== query.start ? matchingShortcuts(saved.data ?? [], query.typed).slice(0, 8) : [];
  const open = suggestions.length > 0;
  const current = open ? suggestions[Math.min(active, suggestions.length - 1)] : undefined;
  const listboxId = `${ids}-saved-replies`;
  const optionId = (id: string) => `${ids}-saved-reply-${id}`;

  const insert = (text: string) => {
    if (!query) return;
    const next = draft.slice(0, query.start) + text + draft.slice(caret);
    const at = query.start + text.length;
    setDraft(next);
    setActive(0);
    requestAnimationFrame(() => {
      textarea.current?.setSelectionRange(at, at);
      setCaret(at);
    });
  };
  const send = (event?: FormEvent) => {
    event?.preventDefault();
    const content = draft.trim();
    if (!content) return;
    if (mode === "internal") note.mutate({ chatbot_id: chatbotId, conversation_id: conversationId, kind: "internal", body: content });
    else reply.mutate({ chatbot_id: chatbotId, conversation_id: conversationId, content });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && current) {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        const step = e.key === "ArrowDown" ? 1 : -1;
        setActive((i) => (Math.min(i, suggestions.length - 1) + step + suggestions.length) % suggestions.length);
        return;
      }
      if (e.key === "Enter" || e.key === "Tab") {
        e.preventDefault();
        insert(current.text);
        return;
      }
      if (e.key === "Escape") {
        e.preventDefault();
        setDismissed(query?.start ?? null);
        return;
      }
    }
    if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) send();
  };
  const pending = reply.isPending || note.isPending;
  const error = reply.error ?? note.error;
  const internal = mode === "internal";

  return (
    <form onSubmit={send} className={cn("space-y-2 border-t border-gray-100 pt-3", internal && "rounded-md bg-amber-50/60 px-2 pb-2")}>
      <div role="radiogroup" aria-label="Write" className="flex gap-1 text-sm">
        {(["reply", "internal"] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={mode === m}
            onClick={() => setMode(m)}
            className={cn(
              "rounded-md px-2.5 py-1 font-medium focus-visible:outline-2 focus-visible:outline-indigo-600",
              mode === m ? (m === "internal" ? "bg-amber-200 text-amber-950" : "bg-indigo-100 text-indigo-800") : "text-gray-700 hover:bg-gray-100",
            )}
          >
            {m === "reply" ? "Reply" : "Internal note"}
          </button>
        ))}
      </div>
      <Label htmlFor={`${ids}-draft`}>{internal ? "Internal note (only your team sees it)" : "Reply to the visitor"}</Label>
      <div className="relative">
        <Textarea
          ref={textarea}
          id={`${ids}-draft`}
          data-testid="reply-box"
          rows={3}
          maxLength={REPLY_MAX}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={current ? optionId(current.id) : undefined}
          aria-describedby={`${ids}-hint ${ids}-count`}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setCaret(e.target.selectionStart);
            setActive(0);
            // Escape closes the list for one `/`; once that `/` is gone, the next one offers it again.
            if (!slashQuery(e.target.value, e.target.selectionStart)) setDismissed(null);
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
        />
        <ul
          id={listboxId}
          role="listbox"
          aria-label="Saved replies"
          hidden={!open}
          className="absolute inset-x-0 bottom-full z-10 mb-1 max-h-60 overflow-y-auto rounded-md border border-gray-200 bg-white py-1 text-sm shadow-lg"
        >
          {suggestions.map((s) => (
            <li
              key={s.id}
              id={optionId(s.id)}
              role="option"
              aria-selected={s.id === current?.id}
              onMouseDown={(e) => {
                e.preventDefault();
                insert(s.text);
              }}
              className={cn("cursor-pointer px-3 py-1.5", s.id === current?.id ? "bg-indigo-600 text-white" : "text-gray-900")}
            >
              <span className="font-medium">/{s.shortcut}</span> <span className={s.id === current?.id ? "text-indigo-100" : "text-gray-600"}>{s.text.slice(0, 80)}</span>
            </li>
          ))}
        </ul>
      </div>
      <CharacterCount id={`${ids}-count`} length={draft.length} max={REPLY_MAX} />
      {error ? <ErrorAlert title={internal ? "Couldn't add the note." : "Couldn't send the reply."} message={error.message} /> : null}
      <div className="flex items-center justify-between gap-2">
        <p id={`${ids}-hint`} className="text-xs text-gray-600">
          {internal
            ? "Never sent to the visitor, on any channel."
            : `Type / for saved replies. ${human ? "The bot stays silent while you answer." : "Sending takes the conversation over: the bot stops answering."}`}
        </p>
        <Button type="submit" size="sm" disabled={pending || !draft.trim()}>
          {pending ? "Saving…" : internal ? "Add internal note" : "Send reply"}
        </Button>
      </div>
    </form>
  );
}
