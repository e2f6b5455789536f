import Link from "next/link";
import { UsersIcon } from "@/components/icons";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

/** Shown instead of the agency pages to anyone who is not the owner of an agency-plan account. */
export function AgencyOnlyState() {
  return (
    <EmptyState
      icon={<UsersIcon className="size-5" />}
      title="Clients are for agency plan owners"
      description="Client workspaces are managed by the owner of an agency-plan account. Your chatbots are under My chatbots."
      action={
        <Link href="/chatbots" className={buttonClasses({ variant: "secondary" })}>
          Go to My chatbots
        </Link>
      }
    />
  );
}

