import type { Metadata } from "next";
import { WebhooksManager } from "@/components/webhooks/webhooks-manager";

export const metadata: Metadata = { title: "Webhooks" };

export default function WebhooksPage() {
  return <WebhooksManager />;
}
