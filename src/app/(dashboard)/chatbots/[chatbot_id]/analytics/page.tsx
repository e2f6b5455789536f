import type { Metadata } from "next";
import { Suspense } from "react";
import { AnalyticsView } from "@/components/analytics/analytics-view";

export const metadata: Metadata = { title: "Analytics" };

export default async function ChatbotAnalyticsPage({ params }: { params: Promise<{ chatbot_id: string }> }) {
  const { chatbot_id: chatbotId } = await params;
  return (
    <Suspense>
      <AnalyticsView chatbotId={chatbotId} />
    </Suspense>
  );
}
