import type { Metadata } from "next";
import { WebhookIcon } from "@/components/icons";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Webhooks" };

export default function WebhooksPage() {
  return (
    <>
      <PageHeader title="Webhooks" description="Send events such as new conversations and escalations to your own endpoints." />
      <EmptyState
        icon={<WebhookIcon className="size-5" />}
        title="Webhook management is coming soon"
        description="Webhook endpoints and their recent deliveries will appear here."
      />
    </>
  );
}
