import type { Metadata } from "next";
import { Inbox } from "@/components/answers/inbox";

export const metadata: Metadata = { title: "Inbox" };

export default async function ChatbotInboxPage({ params, searchParams }: { params: Promise<{ chatbotId: string }>; searchParams: Promise<{ conversation?: string }> }) {
  const { chatbotId } = await params;
  const { conversation } = await searchParams;
  return <Inbox chatbotId={chatbotId} initialConversation={typeof conversation === "string" ? conversation : undefined} />;
}
