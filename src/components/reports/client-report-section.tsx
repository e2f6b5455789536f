"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { formatDateTime } from "@/components/lib/format";
import { ErrorAlert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Loading, Skeleton } from "@/components/ui/skeleton";
import { useTRPC } from "@/trpc/react";
import { MonthPicker } from "./month-picker";
import { openingMonth } from "./period";
import { ReportSettingsForm } from "./report-settings-form";
import { ReportFigures, UnansweredClusters, type Report } from "./report-view";

const TONE = { sent: "green", failed: "red", pending: "amber", sending: "amber" } as const;

/** Whether the report went out: when, to whom, or why not. */
function Delivery({ delivery }: { delivery: Report["delivery"] }) {
  if (!delivery) return <p className="text-sm text-gray-600">Not e-mailed yet.</p>;
  return (
    <div className="space-y-1 text-sm" data-testid="report-delivery">
      <p>
        <Badge tone={TONE[delivery.status]}>{delivery.status === "sent" ? "Sent" : delivery.status === "failed" ? "Not sent" : "Sending"}</Badge>{" "}
        {delivery.sent_at ? <>on {formatDateTime(delivery.sent_at)} </> : null}
        {delivery.recipients.length ? <>to {delivery.recipients.map((r) => r.email).join(", ")}</> : null}
      </p>
      {delivery.last_error ? <p className="text-red-700">{delivery.last_error} It is retried automatically.</p> : null}
    </div>
  );
}

/** A client's value report on the agency's client page: pick a month, read it, download the PDF, e-mail it, set it up. */
export function ClientReportSection({ clientId, createdAt }: { clientId: string; createdAt: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const uid = useId();
  const [period, setPeriod] = useState(() => openingMonth(createdAt));
  const query = useQuery(trpc.reports.get.queryOptions({ client_id: clientId, period }, { retry: false }));
  const send = useMutation(
    trpc.reports.send.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.reports.get.queryKey({ client_id: clientId, period }) }) }),
  );
  const report = query.data?.report;
  return (
    <section aria-labelledby={`${uid}-title`} className="space-y-3">
      <Card>
        <CardHeader className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <CardTitle id={`${uid}-title`}>Value report</CardTitle>
            <p className="mt-1 text-xs text-gray-600">What the agents did for this client, e-mailed in your brand with the PDF attached.</p>
          </div>
          <div className="flex items-end gap-2">
<MonthPicker value={period} onChange={setPeriod} min={createdAt.slice(0, 7)} />
            <a href={`/api/reports/${clientId}/${period}.pdf`} className={buttonClasses({ variant: "secondary" })} download>
              Download PDF
            </a>
          </div>
        </CardHeader>
        <CardBody className="space-y-5">
          {query.isPending ? (
            <Loading label="Loading the report…">
              <Skeleton className="h-32" />
            </Loading>
          ) : query.error ? (
            <ErrorAlert title="Couldn't load this report." message={query.error.message} />
          ) : report ? (
            <>
              <p className="text-sm text-gray-700">
                {report.period_label}
                {report.complete ? "" : " so far"} · {report.from} to {report.to}
              </p>
              <ReportFigures report={report} />
              <div>
                <h3 className="mb-2 text-sm font-semibold text-gray-900">Unanswered questions</h3>
                <UnansweredClusters report={report} />
              </div>
              <div className="flex flex-wrap items-center justify-between gap-3 border-t border-gray-200 pt-4">
                <Delivery delivery={report.delivery} />
                {report.complete ? (
                  <Button
                    variant="secondary"
                    disabled={send.isPending}
                    onClick={() => send.mutate({ client_id: clientId, period, resend: report.delivery?.status === "sent" })}
                  >
                    {report.delivery?.status === "sent" ? "Send again" : "Send now"}
                  </Button>
                ) : null}
              </div>
              {send.error ? <ErrorAlert title="Couldn't send the report." message={send.error.message} /> : null}
            </>
          ) : null}
        </CardBody>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Report settings</CardTitle>
        </CardHeader>
        <CardBody>
          <ReportSettingsForm clientId={clientId} />
        </CardBody>
      </Card>
    </section>
  );
}
