import type { Metadata } from "next";
import { SuggestedMessagesManager } from "@/components/chatbots/prompts/suggested-messages-manager";

export const metadata: Metadata = { title: "Suggested messages" };

export default async function ChatbotPromptsPage({ params }: { params: Promise<{ chatbot_id: string }> }) {
  const { chatbot_id: chatbotId } = await params;
  return <SuggestedMessagesManager chatbotId={chatbotId} />;
}
