"use client";

import { useState, type FormEvent, type KeyboardEvent, type RefObject } from "react";
import { textOnAccent } from "@/shared/text-on-accent";

/** The message field: Enter sends, Shift+Enter starts a new line. */
export function Composer({ placeholder, accent, disabled, inputRef, onSend }: { placeholder: string; accent: string; disabled: boolean; inputRef: RefObject<HTMLTextAreaElement | null>; onSend: (text: string) => void }) {
  const [text, setText] = useState("");
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (disabled || !text.trim()) return;
    onSend(text);
    setText("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <form onSubmit={submit} className="flex items-end gap-2 border-t border-gray-200 p-3">
      <label htmlFor="acp-message" className="sr-only">
        Message
      </label>
      <textarea
        id="acp-message"
        ref={inputRef}
        rows={1}
        value={text}
        maxLength={4000}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        className="max-h-32 min-h-10 flex-1 resize-none rounded-xl border border-gray-300 px-3 py-2 text-[length:inherit] text-gray-900 placeholder:text-gray-500 focus:border-gray-500"
      />
      <button
        type="submit"
        aria-label="Send message"
        disabled={disabled || !text.trim()}
        className="flex size-10 shrink-0 items-center justify-center rounded-full disabled:opacity-50"
        style={{ background: accent, color: textOnAccent(accent) }}
      >
        <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M22 2 11 13M22 2l-7 20-4-9-9-4 20-7z" />
        </svg>
      </button>
    </form>
  );
}
