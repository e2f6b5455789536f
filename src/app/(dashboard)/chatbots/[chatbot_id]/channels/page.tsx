import type { Metadata } from "next";
import { ChannelsPanel } from "@/components/chatbots/channels/channels-panel";

export const metadata: Metadata = { title: "Channels" };

export default async function ChatbotChannelsPage({ params }: { params: Promise<{ chatbot_id: string }> }) {
  const { chatbot_id: chatbotId } = await params;
  return <ChannelsPanel chatbotId={chatbotId} />;
}
