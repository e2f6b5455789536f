import type { Metadata } from "next";
import { ChatbotList } from "@/components/chatbots/chatbot-list";
import { NewChatbotButton } from "@/components/chatbots/new-chatbot-button";
import { getPortal } from "@/components/portal/portal";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "My chatbots" };

export default async function ChatbotsPage() {
  const portal = await getPortal();
  const viewAs = portal?.viewAs ?? null;
  return (
    <>
      <PageHeader
        title="My chatbots"
        description={viewAs ? `The chatbots of ${viewAs.name}, as its team sees them.` : "Every chatbot you can access, with its open and unread conversations."}
        actions={<NewChatbotButton teamId={viewAs?.id} />}
      />
      <ChatbotList teamId={viewAs?.id} teams={portal?.workspaces.map((w) => ({ id: w.id, name: w.name })) ?? []} />
    </>
  );
}
