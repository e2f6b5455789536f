import type { Metadata } from "next";
import { Inbox } from "@/components/answers/inbox";

export const metadata: Metadata = { title: "Inbox" };

export default async function ChatbotInboxPage({ params, searchParams }: { params: Promise<{ chatbot_id: string }>; searchParams: Promise<{ conversation?: string }> }) {
  const { chatbot_id: chatbotId } = await params;
  const { conversation } = await searchParams;
  return <Inbox chatbotId={chatbotId} initialConversation={typeof conversation === "string" ? conversation : undefined} />;
}
