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

/** A mutation's error message inside a form or dialog. */
export function FormError({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {message}
    </p>
  );
}
