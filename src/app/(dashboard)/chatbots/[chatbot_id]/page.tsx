import { TRPCError } from "@trpc/server";
import { notFound, redirect } from "next/navigation";
import { api } from "@/trpc/server";

/** A chatbot opens on its Inbox, or on its Playground while nobody has talked to it yet. */
export default async function ChatbotPage({ params }: { params: Promise<{ chatbot_id: string }> }) {
  const { chatbot_id: chatbotId } = await params;
  let hasConversations: boolean;
  try {
    hasConversations = (await (await api()).chatbots.overview({ chatbot_id: chatbotId })).has_conversations;
  } catch (error) {
    if (error instanceof TRPCError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
  redirect(`/chatbots/${encodeURIComponent(chatbotId)}/${hasConversations ? "inbox" : "playground"}`);
}
