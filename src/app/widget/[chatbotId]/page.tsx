import type { Metadata } from "next";
import { ChatPanel } from "@/components/widget/chat-panel";
import { pageWidgetConfig } from "@/server/chatbots";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Chat", robots: { index: false } };

/** The panel inside the embed iframe (src/widget/loader.ts opens it); framing rules in src/proxy.ts. */
export default async function WidgetPage({ params }: { params: Promise<{ chatbotId: string }> }) {
  const { chatbotId } = await params;
  return <ChatPanel config={await pageWidgetConfig(chatbotId)} mode="embed" />;
}
