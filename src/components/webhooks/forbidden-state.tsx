import Link from "next/link";
import { WebhookIcon } from "@/components/icons";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

/** What a user without an agency plan sees instead of webhook endpoints. */
export function WebhooksForbiddenState() {
  return (
    <EmptyState
      icon={<WebhookIcon className="size-5" />}
      title="Webhooks are for agency plan owners"
      description="Webhooks send events from your client workspaces to your own systems. They are available to the owner of an agency plan account."
      action={
        <Link href="/chatbots" className={buttonClasses({ variant: "secondary" })}>
          Back to my chatbots
        </Link>
      }
    />
  );
}
