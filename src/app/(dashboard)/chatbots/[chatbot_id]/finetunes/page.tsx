import type { Metadata } from "next";
import { UpdatedAnswersManager } from "@/components/chatbots/finetunes/updated-answers-manager";

export const metadata: Metadata = { title: "Updated answers" };

export default async function ChatbotFinetunesPage({ params }: { params: Promise<{ chatbot_id: string }> }) {
  const { chatbot_id: chatbotId } = await params;
  return <UpdatedAnswersManager chatbotId={chatbotId} />;
}
