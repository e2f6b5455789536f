import type { Metadata } from "next";
import { SourcesTable } from "@/components/chatbots/sources/sources-table";

export const metadata: Metadata = { title: "Sources" };

export default async function ChatbotSourcesPage({ params }: { params: Promise<{ chatbotId: string }> }) {
  const { chatbotId } = await params;
  return <SourcesTable chatbotId={chatbotId} />;
}
