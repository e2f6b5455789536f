import type { Metadata } from "next";
import { QualityManager } from "@/components/chatbots/quality/quality-manager";

export const metadata: Metadata = { title: "Quality" };

export default async function ChatbotQualityPage({ params }: { params: Promise<{ chatbot_id: string }> }) {
  const { chatbot_id: chatbotId } = await params;
  return <QualityManager chatbotId={chatbotId} />;
}
