"use client";

import { useQuery } from "@tanstack/react-query";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useTRPC } from "@/trpc/react";
import { ReportFigures, UnansweredClusters } from "./report-view";

/** The client's home: its latest report and the questions still waiting for an answer. */
export function LatestReport({ teamId }: { teamId: string }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.reports.latest.queryOptions({ team_id: teamId }, { retry: false }));
  if (query.isPending) return <Skeleton className="h-40" />;
  const report = query.data;
  if (!report) return null;
  return (
    <Card data-testid="latest-report">
      <CardHeader>
        <CardTitle>
          Your {report.period_label} report{report.complete ? "" : " so far"}
        </CardTitle>
        <p className="mt-1 text-xs text-gray-600">From {report.agency.name}.</p>
      </CardHeader>
      <CardBody className="space-y-5">
        <ReportFigures report={report} />
        <div>
          <h3 className="mb-2 text-sm font-semibold text-gray-900">Questions waiting for an answer</h3>
          <UnansweredClusters report={report} openOnly />
        </div>
      </CardBody>
    </Card>
  );
}
