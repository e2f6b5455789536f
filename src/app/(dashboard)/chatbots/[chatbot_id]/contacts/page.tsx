import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ContactsTable } from "@/components/answers/contacts-table";
import { api } from "@/trpc/server";

export const metadata: Metadata = { title: "Contacts" };

export default async function ChatbotContactsPage({ params }: { params: Promise<{ chatbot_id: string }> }) {
  const { chatbot_id: chatbotId } = await params;
  // A role that may not see contacts gets the dashboard's 404 (the tab is not shown to it either), not an error box.
  const { can_view_contacts } = await (await api()).chatbots.overview({ chatbot_id: chatbotId });
  if (!can_view_contacts) notFound();
  return <ContactsTable chatbotId={chatbotId} />;
}
