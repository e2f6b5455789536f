"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatDate } from "@/components/lib/format";
import type { RouterOutputs } from "@/components/lib/trpc-types";
import { cn } from "@/components/lib/cn";
import { ErrorAlert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Loading, Skeleton } from "@/components/ui/skeleton";
import { Stat } from "@/components/ui/stat";
import { formatNumber } from "@/components/clients/format";
import { UsageBar } from "@/components/clients/usage-bar";
import { useTRPC } from "@/trpc/react";
import { ClientBillingCard } from "@/components/billing/client-billing-card";
import { LatestReport } from "@/components/reports/latest-report";

type Home = RouterOutputs["lifecycle"]["clientHome"];

const TONES = {
  ok: "border-emerald-200 bg-emerald-50 text-emerald-900",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
  stopped: "border-red-200 bg-red-50 text-red-900",
} as const;

/** The workspace's standing in words, and what to do about it. */
function StandingNotice({ home }: { home: Home }) {
  const { standing } = home;
  return (
    <section aria-labelledby={`standing-${home.workspace.id}`} className={cn("rounded-lg border px-4 py-3 text-sm", TONES[standing.tone])} data-testid="standing">
      <h2 id={`standing-${home.workspace.id}`} className="font-semibold">
        {standing.title}
      </h2>
      <p className="mt-1">{standing.detail}</p>
      {standing.todo.length ? (
        <ul className="mt-2 list-disc space-y-0.5 pl-5">
          {standing.todo.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Answers per day over the last 30 days: bars, with the numbers in a table for screen readers. */
function UsageChart({ usage }: { usage: Home["usage"] }) {
  const max = Math.max(1, ...usage.map((d) => d.answers));
  const total = usage.reduce((s, d) => s + d.answers, 0);
  return (
    <figure className="space-y-2">
      <div className="flex h-28 items-end gap-0.5" aria-hidden="true">
        {usage.map((d) => (
          <div key={d.day} className="flex-1 rounded-t bg-indigo-500/80" style={{ height: `${Math.max((d.answers / max) * 100, d.answers ? 4 : 1)}%` }} title={`${d.day}: ${d.answers}`} />
        ))}
      </div>
      <figcaption className="flex justify-between text-xs text-gray-600">
        <span>{formatDate(`${usage[0]!.day}T00:00:00Z`)}</span>
        <span>
          {formatNumber(total)} answers in 30 days
        </span>
        <span>Today</span>
      </figcaption>
      <table className="sr-only">
        <caption>Answers per day</caption>
        <tbody>
          {usage.map((d) => (
            <tr key={d.day}>
              <th scope="row">{d.day}</th>
              <td>{d.answers}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** One client workspace's home: standing, credits, usage, and where to go next. */
export function ClientHome({ teamId }: { teamId: string }) {
  const trpc = useTRPC();
  const { data: home, error, isPending, refetch, isRefetching } = useQuery(trpc.lifecycle.clientHome.queryOptions({ team_id: teamId }, { staleTime: 0 }));
  if (isPending) {
    return (
      <Loading label="Loading your workspace…" className="space-y-4">
        <Skeleton className="h-16" />
        <Skeleton className="h-40" />
      </Loading>
    );
  }
  if (error) return <ErrorAlert title="Couldn't load your workspace." message={error.message} onRetry={() => void refetch()} retrying={isRefetching} />;
  const c = home.credits;
  return (
    <section aria-labelledby={`home-${teamId}`} className="space-y-4" data-testid="client-home">
      <h2 id={`home-${teamId}`} className="text-lg font-semibold text-gray-900">
        {home.workspace.name}
      </h2>
      <StandingNotice home={home} />
      <ClientBillingCard teamId={teamId} />
      <Card>
        <CardHeader>
          <CardTitle>Message credits</CardTitle>
        </CardHeader>
        <CardBody className="space-y-4">
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Stat label="Answers left" value={formatNumber(c.remaining)} hint={c.runway_days !== null ? `About ${formatNumber(Math.floor(c.runway_days))} days at this week's pace` : undefined} />
            <Stat
              label="This month"
              value={c.monthly_limit === null ? "No monthly limit" : `${formatNumber(c.used_this_period)} of ${formatNumber(c.monthly_limit)}`}
              hint={c.monthly_remaining !== null ? `${formatNumber(c.monthly_remaining)} monthly credits left` : "Shared with your agency's plan"}
            />
            <Stat label="Top-up credits" value={formatNumber(c.topup_remaining)} hint="Used after the monthly credits; they carry over." />
            <Stat label="Credits renew" value={c.renews_at ? formatDate(c.renews_at) : "—"} hint={c.period_started_at ? `This period began ${formatDate(c.period_started_at)}` : undefined} />
          </dl>
          {c.monthly_limit !== null && c.monthly_limit > 0 ? <UsageBar used={c.used_this_period} total={c.monthly_limit} label="Monthly credits used" /> : null}
          {c.auto_topup ? (
            <p className="text-sm text-gray-700">
              Your agency adds {formatNumber(c.auto_topup.amount)} top-up credits automatically when fewer than {formatNumber(c.auto_topup.threshold)} are left (at most{" "}
              {formatNumber(c.auto_topup.monthly_cap)} a month).
            </p>
          ) : null}
        </CardBody>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Answers per day</CardTitle>
        </CardHeader>
        <CardBody>
          <UsageChart usage={home.usage} />
        </CardBody>
      </Card>
      <LatestReport teamId={teamId} />
      <div className="flex flex-wrap gap-2">
        <Link href="/chatbots" className={buttonClasses({ variant: "secondary" })}>
          Open your chatbots
        </Link>
        {home.agency.support_email ? (
          <a href={`mailto:${home.agency.support_email}`} className={buttonClasses({ variant: "secondary" })}>
            Write to {home.agency.name}
          </a>
        ) : null}
      </div>
    </section>
  );
}
