import { TRPCError } from "@trpc/server";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { ChatbotProvider } from "@/components/chatbots/chatbot-context";
import { ChatbotHeader } from "@/components/chatbots/chatbot-header";
import { ChatbotTabs } from "@/components/chatbots/chatbot-tabs";
import type { ChatbotOverview } from "@/components/chatbots/types";
import { api } from "@/trpc/server";

/** The chatbot's frame: header, section tabs and the caller's role for every page below. */
export default async function ChatbotLayout({ children, params }: { children: ReactNode; params: Promise<{ chatbot_id: string }> }) {
  const { chatbot_id: chatbotId } = await params;
  let overview: ChatbotOverview;
  try {
    overview = await (await api()).chatbots.overview({ chatbot_id: chatbotId });
  } catch (error) {
    // HTTP 404 with the dashboard's way back (another tenant's chatbot is simply not found).
    if (error instanceof TRPCError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
  return (
    <ChatbotProvider value={overview}>
      <ChatbotHeader overview={overview} />
      <ChatbotTabs chatbotId={overview.chatbot.id} canViewContacts={overview.can_view_contacts} />
      {children}
    </ChatbotProvider>
  );
}
