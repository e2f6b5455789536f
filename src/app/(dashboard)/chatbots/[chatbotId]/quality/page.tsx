import type { Metadata } from "next";
import { QualityManager } from "@/components/chatbots/quality/quality-manager";

export const metadata: Metadata = { title: "Quality" };

export default async function ChatbotQualityPage({ params }: { params: Promise<{ chatbotId: string }> }) {
  const { chatbotId } = await params;
  return <QualityManager chatbotId={chatbotId} />;
}
