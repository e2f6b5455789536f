import Link from "next/link";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { formatNumber, isRunningLow } from "@/components/clients/format";
import type { AgencyOverview } from "@/components/clients/types";
import { UsageBar } from "@/components/clients/usage-bar";

function HealthCard({ title, value, children, testId }: { title: string; value: ReactNode; children?: ReactNode; testId?: string }) {
  return (
    <Card className="flex flex-col p-4" data-testid={testId}>
      <h2 className="text-xs font-medium text-gray-500">{title}</h2>
      <p className="mt-1 text-2xl font-semibold tracking-tight text-gray-900 tabular-nums">{value}</p>
      {children ? <div className="mt-2 text-xs text-gray-500">{children}</div> : null}
    </Card>
  );
}

/** The agency at a glance: workspace cap, pool, clients running low, stopped clients. */
export function HealthCards({ overview }: { overview: AgencyOverview }) {
  const { agency, clients } = overview;
  const low = clients.filter(isRunningLow);
  const paused = clients.filter((c) => c.status === "paused").length;
  const suspended = clients.filter((c) => c.status === "suspended").length;
  return (
    <section aria-label="Agency health" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <HealthCard
        title="Workspaces"
        testId="health-workspaces"
        value={
          <>
            {formatNumber(agency.workspaces)}
            <span className="text-base font-normal text-gray-500"> / {formatNumber(agency.workspace_limit)}</span>
          </>
        }
      >
        <UsageBar used={agency.workspaces} total={agency.workspace_limit} label="Workspaces used" />
        <p className="mt-1.5">{formatNumber(Math.max(agency.workspace_limit - agency.workspaces, 0))} left on your plan</p>
      </HealthCard>
      <HealthCard
        title="Agency message pool"
        testId="health-pool"
        value={
          <>
            {formatNumber(agency.pool_messages_used)}
            <span className="text-base font-normal text-gray-500"> / {formatNumber(agency.monthly_message_pool)}</span>
          </>
        }
      >
        <UsageBar used={agency.pool_messages_used} total={agency.monthly_message_pool} label="Agency pool used" />
        <p className="mt-1.5">Messages served this month across all clients</p>
      </HealthCard>
      <HealthCard title="Running low" testId="health-low" value={formatNumber(low.length)}>
        {low.length === 0 ? (
          <p>Every client has at least a week of credits.</p>
        ) : (
          <p>
            {low.slice(0, 3).map((c, i) => (
              <span key={c.id}>
                {i > 0 ? ", " : null}
                <Link href={`/clients/${c.id}`} className="font-medium text-indigo-700 hover:underline">
                  {c.name}
                </Link>
              </span>
            ))}
            {low.length > 3 ? ` and ${low.length - 3} more` : null} · under 7 days or exhausted
          </p>
        )}
      </HealthCard>
      <HealthCard title="Paused or suspended" testId="health-stopped" value={formatNumber(paused + suspended)}>
        <p>
          {formatNumber(paused)} paused · {formatNumber(suspended)} suspended
        </p>
      </HealthCard>
    </section>
  );
}
