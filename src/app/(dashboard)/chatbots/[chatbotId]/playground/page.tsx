import type { Metadata } from "next";
import { Playground } from "@/components/answers/playground";

export const metadata: Metadata = { title: "Playground" };

export default async function ChatbotPlaygroundPage({ params }: { params: Promise<{ chatbotId: string }> }) {
  const { chatbotId } = await params;
  return <Playground chatbotId={chatbotId} />;
}
