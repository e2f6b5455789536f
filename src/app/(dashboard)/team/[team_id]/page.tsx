import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getPortal } from "@/components/portal/portal";
import { TeamManager } from "@/components/team/team-manager";

export const metadata: Metadata = { title: "Team" };

/** A workspace's team: 404 unless the user manages it (another tenant's workspace is simply not found). */
export default async function TeamPage({ params }: { params: Promise<{ team_id: string }> }) {
  const { team_id: teamId } = await params;
  const workspace = (await getPortal())?.workspaces.find((w) => w.id === teamId && w.can_manage_team);
  if (!workspace) notFound();
  return <TeamManager teamId={workspace.id} />;
}
