import type { Metadata } from "next";
import { EscalationsList } from "@/components/answers/escalations-list";

export const metadata: Metadata = { title: "Escalations" };

export default async function ChatbotEscalationsPage({ params }: { params: Promise<{ chatbot_id: string }> }) {
  const { chatbot_id: chatbotId } = await params;
  return <EscalationsList chatbotId={chatbotId} />;
}
