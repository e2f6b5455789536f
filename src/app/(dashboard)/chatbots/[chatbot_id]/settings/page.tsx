import type { Metadata } from "next";
import { HubspotCard } from "@/components/answers/hubspot-card";
import { IntercomCard } from "@/components/answers/intercom-card";
import { WorkspaceLlmKey } from "@/components/answers/workspace-llm-key";
import { DeleteChatbotCard } from "@/components/chatbots/settings/delete-chatbot-card";
import { BusinessHoursCard } from "@/components/chatbots/settings/business-hours-card";
import { GreetingCard } from "@/components/chatbots/settings/greeting-card";
import { LeadFormCard } from "@/components/chatbots/settings/lead-form-card";
import { PrivacyCard } from "@/components/chatbots/settings/privacy-card";
import { SettingsForm } from "@/components/chatbots/settings/settings-form";
import { TemplateLinkCard } from "@/components/templates/template-link-card";

export const metadata: Metadata = { title: "Chatbot settings" };

export default async function ChatbotSettingsPage({ params }: { params: Promise<{ chatbot_id: string }> }) {
  const { chatbot_id: chatbotId } = await params;
  return (
    <>
      <TemplateLinkCard chatbotId={chatbotId} />
      <SettingsForm chatbotId={chatbotId} />
      <LeadFormCard chatbotId={chatbotId} />
      <GreetingCard chatbotId={chatbotId} />
      <PrivacyCard chatbotId={chatbotId} />
      <BusinessHoursCard chatbotId={chatbotId} />
      <WorkspaceLlmKey chatbotId={chatbotId} />
      <HubspotCard chatbotId={chatbotId} />
      <IntercomCard chatbotId={chatbotId} />
      <DeleteChatbotCard />
    </>
  );
}
