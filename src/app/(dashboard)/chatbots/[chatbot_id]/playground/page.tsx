import type { Metadata } from "next";
import { Playground } from "@/components/answers/playground";

export const metadata: Metadata = { title: "Playground" };

export default async function ChatbotPlaygroundPage({ params }: { params: Promise<{ chatbot_id: string }> }) {
  const { chatbot_id: chatbotId } = await params;
  return <Playground chatbotId={chatbotId} />;
}
