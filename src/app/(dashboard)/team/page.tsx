import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { getPortal } from "@/components/portal/portal";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Team" };

/** The workspaces whose team the user manages; straight to the team when there is one (or when viewing as a client). */
export default async function TeamIndexPage() {
  const portal = await getPortal();
  if (!portal) notFound();
  if (portal.viewAs) redirect(`/team/${portal.viewAs.id}`);
  const manageable = portal.workspaces.filter((w) => w.can_manage_team);
  if (manageable.length === 0) notFound();
  if (manageable.length === 1) redirect(`/team/${manageable[0]!.id}`);
  return (
    <>
      <PageHeader title="Team" description="Choose a workspace to manage its members and invitations." />
      <Card>
        <ul className="divide-y divide-gray-200">
          {manageable.map((w) => (
            <li key={w.id}>
              <Link href={`/team/${w.id}`} className="flex items-center justify-between gap-3 px-5 py-3 text-sm hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-indigo-600">
                <span className="min-w-0 truncate font-medium text-gray-900">{w.name}</span>
                <span className="shrink-0 text-gray-600">{w.kind === "agency" ? "Your agency" : "Client workspace"}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </>
  );
}
