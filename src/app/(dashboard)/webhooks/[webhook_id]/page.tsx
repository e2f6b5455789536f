import type { Metadata } from "next";
import { WebhookDetail } from "@/components/webhooks/webhook-detail";

export const metadata: Metadata = { title: "Webhook endpoint" };

export default async function WebhookPage({ params }: { params: Promise<{ webhook_id: string }> }) {
  const { webhook_id: webhookId } = await params;
  return <WebhookDetail webhookId={webhookId} />;
}
