import type { Metadata } from "next";
import { ActionsManager } from "@/components/chatbots/actions/actions-manager";

export const metadata: Metadata = { title: "Actions" };

export default async function ChatbotActionsPage({ params }: { params: Promise<{ chatbot_id: string }> }) {
  const { chatbot_id: chatbotId } = await params;
  return <ActionsManager chatbotId={chatbotId} />;
}
