"use client";

import { useChatbot } from "@/components/chatbots/chatbot-context";
import { ReplySlaForm } from "./reply-sla-form";
import { SavedRepliesManager } from "./saved-replies-manager";

/** The inbox's settings: the workspace's saved replies and this chatbot's reply target. */
export function InboxSettings({ chatbotId }: { chatbotId: string }) {
  const { chatbot, can_edit } = useChatbot();
  return (
    <div className="space-y-4">
      <SavedRepliesManager teamId={chatbot.team_id} teamName={chatbot.team_name} canEdit={can_edit} />
      <ReplySlaForm chatbotId={chatbotId} canEdit={can_edit} />
    </div>
  );
}
