import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AccessLog } from "@/components/access-log/access-log";
import { getPortal } from "@/components/portal/portal";

export const metadata: Metadata = { title: "Access log" };

/** A client workspace's Access log: 404 unless the user manages the workspace and it is a client's. */
export default async function AccessLogPage({ params }: { params: Promise<{ team_id: string }> }) {
  const { team_id: teamId } = await params;
  const workspace = (await getPortal())?.workspaces.find((w) => w.id === teamId && w.can_manage_team && w.kind === "client");
  if (!workspace) notFound();
  return <AccessLog teamId={workspace.id} teamName={workspace.name} />;
}
