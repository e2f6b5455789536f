import { redirect } from "next/navigation";

/** A chatbot opens on its settings. */
export default async function ChatbotPage({ params }: { params: Promise<{ chatbotId: string }> }) {
  const { chatbotId } = await params;
  redirect(`/chatbots/${encodeURIComponent(chatbotId)}/settings`);
}
