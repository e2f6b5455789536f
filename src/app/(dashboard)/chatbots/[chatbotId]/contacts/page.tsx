import type { Metadata } from "next";
import { ContactsTable } from "@/components/answers/contacts-table";

export const metadata: Metadata = { title: "Contacts" };

export default async function ChatbotContactsPage({ params }: { params: Promise<{ chatbotId: string }> }) {
  const { chatbotId } = await params;
  return <ContactsTable chatbotId={chatbotId} />;
}
