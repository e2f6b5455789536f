"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { humanize } from "@/components/lib/format";
import { TeamRetentionCard } from "@/components/privacy/team-retention-card";
import { ErrorAlert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Loading, Skeleton } from "@/components/ui/skeleton";
import { InviteMemberForm, type SentInvitation } from "@/components/team/invite-member-form";
import { MembersList } from "@/components/team/members-list";
import { PendingInvitations } from "@/components/team/pending-invitations";
import { SentInvitationPanel } from "@/components/team/sent-invitation-panel";
import { VisitorNamesCard } from "@/components/team/visitor-names-card";
import { useTRPC } from "@/trpc/react";

/** A workspace's team: members and roles, invitations, and who is in charge. */
export function TeamManager({ teamId }: { teamId: string }) {
  const trpc = useTRPC();
  const { data, error, isPending, refetch, isRefetching } = useQuery(trpc.team.get.queryOptions({ team_id: teamId }, { staleTime: 0 }));
  const [sent, setSent] = useState<SentInvitation | null>(null);

  if (isPending) {
    return (
      <Loading label="Loading the team…" className="space-y-4">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-40" />
      </Loading>
    );
  }
  if (error) return <ErrorAlert title="Couldn't load the team." message={error.message} onRetry={() => void refetch()} retrying={isRefetching} />;

  return (
    <>
      <PageHeader
        title={`Team · ${data.team.name}`}
        description={
          <>
            Your role here: <strong className="font-medium text-gray-800">{humanize(data.your_role)}</strong>
            {data.agency_owner && !data.agency_owner.is_you ? ` · managed by the agency (${data.agency_owner.name})` : null}
          </>
        }
        actions={
          data.agency_owner ? (
            <Link href={`/team/${teamId}/access-log`} className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline">
              Access log
            </Link>
          ) : null
        }
      />
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Invite someone</CardTitle>
          </CardHeader>
          <CardBody className="space-y-4">
            <InviteMemberForm teamId={teamId} onSent={setSent} />
            {sent ? <SentInvitationPanel sent={sent} onDismiss={() => setSent(null)} /> : null}
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Members ({data.members.length})</CardTitle>
          </CardHeader>
          <CardBody className="py-1">
            {data.members.length ? <MembersList teamId={teamId} members={data.members} /> : <p className="py-3 text-sm text-gray-600">No members yet: invite someone above.</p>}
          </CardBody>
        </Card>
        <VisitorNamesCard teamId={teamId} showAgentNames={data.team.show_agent_names} />
        {data.agency_owner ? <TeamRetentionCard teamId={teamId} /> : null}
        <Card>
          <CardHeader>
            <CardTitle>Pending invitations</CardTitle>
          </CardHeader>
          <CardBody>
            <PendingInvitations teamId={teamId} invitations={data.invitations} onResent={setSent} />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
