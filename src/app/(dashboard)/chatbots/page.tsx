import type { Metadata } from "next";
import { ChatbotList } from "@/components/chatbots/chatbot-list";
import { NewChatbotButton } from "@/components/chatbots/new-chatbot-button";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "My chatbots" };

export default function ChatbotsPage() {
  return (
    <>
      <PageHeader title="My chatbots" description="Every chatbot you can access, with its open and unread conversations." actions={<NewChatbotButton />} />
      <ChatbotList />
    </>
  );
}
