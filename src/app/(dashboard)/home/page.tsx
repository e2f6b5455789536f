import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ClientsHome } from "@/components/clients/clients-home";
import { ClientHome } from "@/components/home/client-home";
import { getPortal } from "@/components/portal/portal";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Home" };

/**
 * The landing page: the agency's cockpit for its owner; for the people of a
 * client workspace (and the owner viewing as one), its credits and standing.
 */
export default async function HomePage() {
  const portal = await getPortal();
  if (!portal?.nav.includes("home")) redirect("/chatbots");
  if (portal.nav.includes("clients")) return <ClientsHome />;
  const teams = portal.viewAs ? [portal.viewAs] : portal.workspaces.filter((w) => w.kind === "client");
  return (
    <>
      <PageHeader title="Home" description="Your message credits, how your agents are doing, and what to do when something needs you." />
      <div className="space-y-10">
        {teams.map((t) => (
          <ClientHome key={t.id} teamId={t.id} />
        ))}
      </div>
    </>
  );
}
