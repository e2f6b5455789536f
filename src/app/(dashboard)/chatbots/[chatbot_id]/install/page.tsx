import type { Metadata } from "next";
import { InstallPanel } from "@/components/chatbots/install/install-panel";
import { getDb } from "@/server/kernel/db/client";
import { env } from "@/server/kernel/env";
import { AppError } from "@/server/kernel/errors";
import { loadPublicChatbot } from "@/server/chatbots";
import { api } from "@/trpc/server";
import { agencyOfTeam, siteBaseUrl } from "@/server/branding";

export const metadata: Metadata = { title: "Install" };

async function whyNotServing(chatbotId: string): Promise<string | null> {
  try {
    await loadPublicChatbot(getDb(), chatbotId);
    return null;
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") {
      return "The widget does not load right now: the chatbot is disabled, or its workspace is paused or suspended. It shows again within seconds of being resumed.";
    }
    throw error;
  }
}

export default async function ChatbotInstallPage({ params }: { params: Promise<{ chatbot_id: string }> }) {
  const { chatbot_id: chatbotId } = await params;
  // The layout has already checked that the caller may read this chatbot; `get` checks again.
  const caller = await api();
  const [settings, overview] = await Promise.all([caller.chatbots.get({ chatbot_id: chatbotId }), caller.chatbots.overview({ chatbot_id: chatbotId })]);
  const team = await getDb().team.findUniqueOrThrow({ where: { id: overview.chatbot.team_id }, select: { id: true, kind: true, agencyId: true } });
  return (
    <InstallPanel
      chatbotId={settings.id}
      appUrl={env().APP_URL}
      shareBase={siteBaseUrl(await agencyOfTeam(getDb(), team))}
      domain={settings.domain}
      domainVerified={settings.domain_verified === 1}
      notServing={await whyNotServing(settings.id)}
    />
  );
}
