import type { Metadata } from "next";
import { ChatPanel } from "@/components/widget/chat-panel";
import { pageWidgetConfig } from "@/server/chatbots";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ chatbotId: string }> }): Promise<Metadata> {
  const { chatbotId } = await params;
  return { title: { absolute: (await pageWidgetConfig(chatbotId)).name } };
}

/** The share link: the same chat, full page. */
export default async function SharePage({ params }: { params: Promise<{ chatbotId: string }> }) {
  const { chatbotId } = await params;
  return <ChatPanel config={await pageWidgetConfig(chatbotId)} mode="page" />;
}
