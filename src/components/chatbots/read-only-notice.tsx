"use client";

import { useChatbot } from "@/components/chatbots/chatbot-context";

/** Tells a `member` why there is nothing to edit. */
export function ReadOnlyNotice({ what }: { what: string }) {
  const { can_edit } = useChatbot();
  if (can_edit) return null;
  return (
    <p className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="read-only-notice">
      You can view {what}, but your role in this workspace (member) cannot change them. Ask a workspace admin or editor.
    </p>
  );
}
