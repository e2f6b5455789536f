"use client";

import { useState, type FormEvent } from "react";

/**
 * "Leave your e-mail": sent as a chat message, so the answer pipeline's own
 * lead logic records the contact and fires `lead.captured` — one path for an
 * address typed in the chat and one given here.
 */
export function LeadForm({ disabled, onSubmit, onCancel }: { disabled: boolean; onSubmit: (message: string) => void; onCancel: () => void }) {
  const [email, setEmail] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    onSubmit(`My e-mail address is ${email.trim()}`);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2 border-t border-gray-200 bg-gray-50 px-3 py-2 text-sm">
      <div className="min-w-0 flex-1">
        <label htmlFor="acp-lead-email" className="block text-xs font-medium text-gray-700">
          Your e-mail
        </label>
        <input
          id="acp-lead-email"
          type="email"
          required
          autoComplete="email"
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onKeyDown={(e) => e.key === "Escape" && (e.stopPropagation(), onCancel())}
          className="mt-0.5 w-full rounded-lg border border-gray-300 bg-white px-2.5 py-1.5 text-gray-900"
        />
      </div>
      <button type="submit" disabled={disabled} className="rounded-lg bg-gray-900 px-3 py-1.5 font-medium text-white disabled:opacity-50">
        Send
      </button>
      <button type="button" onClick={onCancel} className="rounded-lg px-2 py-1.5 text-gray-700 hover:bg-gray-200">
        Cancel
      </button>
    </form>
  );
}
