import type { Metadata } from "next";
import { InboxSettings } from "@/components/inbox/inbox-settings";

export const metadata: Metadata = { title: "Saved replies" };

export default async function ChatbotInboxSettingsPage({ params }: { params: Promise<{ chatbot_id: string }> }) {
  const { chatbot_id: chatbotId } = await params;
  return <InboxSettings chatbotId={chatbotId} />;
}
