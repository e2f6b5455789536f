import { TRPCError } from "@trpc/server";
import Link from "next/link";
import type { ReactNode } from "react";
import { ChatbotProvider } from "@/components/chatbots/chatbot-context";
import { ChatbotHeader } from "@/components/chatbots/chatbot-header";
import { ChatbotTabs } from "@/components/chatbots/chatbot-tabs";
import type { ChatbotOverview } from "@/components/chatbots/types";
import { ChatIcon } from "@/components/icons";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { api } from "@/trpc/server";

/** The chatbot's frame: header, section tabs and the caller's role for every page below. */
export default async function ChatbotLayout({ children, params }: { children: ReactNode; params: Promise<{ chatbotId: string }> }) {
  const { chatbotId } = await params;
  let overview: ChatbotOverview;
  try {
    overview = await (await api()).chatbots.overview({ chatbot_id: chatbotId });
  } catch (error) {
    if (error instanceof TRPCError && error.code === "NOT_FOUND") {
      return (
        <EmptyState
          icon={<ChatIcon className="size-5" />}
          title="Chatbot not found"
          description="It does not exist, was deleted, or belongs to a workspace you are not a member of."
          action={
            <Link href="/chatbots" className={buttonClasses({ variant: "secondary" })}>
              Back to my chatbots
            </Link>
          }
        />
      );
    }
    throw error;
  }
  return (
    <ChatbotProvider value={overview}>
      <ChatbotHeader overview={overview} />
      <ChatbotTabs chatbotId={overview.chatbot.id} />
      {children}
    </ChatbotProvider>
  );
}
