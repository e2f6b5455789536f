import type { Metadata } from "next";
import { SourcesTable } from "@/components/chatbots/sources/sources-table";

export const metadata: Metadata = { title: "Sources" };

export default async function ChatbotSourcesPage({ params }: { params: Promise<{ chatbot_id: string }> }) {
  const { chatbot_id: chatbotId } = await params;
  return <SourcesTable chatbotId={chatbotId} />;
}
