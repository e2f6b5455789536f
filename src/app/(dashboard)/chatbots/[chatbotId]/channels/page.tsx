import type { Metadata } from "next";
import { ChannelsPanel } from "@/components/chatbots/channels/channels-panel";

export const metadata: Metadata = { title: "Channels" };

export default async function ChatbotChannelsPage({ params }: { params: Promise<{ chatbotId: string }> }) {
  const { chatbotId } = await params;
  return <ChannelsPanel chatbotId={chatbotId} />;
}
