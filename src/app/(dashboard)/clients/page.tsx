import type { Metadata } from "next";
import { UsersIcon } from "@/components/icons";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Clients" };

export default function ClientsPage() {
  return (
    <>
      <PageHeader title="Clients" description="Manage the client workspaces you resell chatbots to: their plans, members and status." />
      <EmptyState
        icon={<UsersIcon className="size-5" />}
        title="Client management is coming soon"
        description="Client workspaces will appear here."
      />
    </>
  );
}
