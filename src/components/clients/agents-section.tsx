"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { ChatIcon } from "@/components/icons";
import { formatDate } from "@/components/lib/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Loading, Skeleton } from "@/components/ui/skeleton";
import { useTRPC } from "@/trpc/react";
import { ColorSwatch } from "@/components/clients/accent-color-input";
import { formatNumber } from "@/components/clients/format";
import { NewAgentForm } from "@/components/clients/new-agent-form";
import { ErrorAlert } from "@/components/ui/alert";
import type { Client } from "@/components/clients/types";

function blockedReason(client: Client): string | null {
  if (client.status === "suspended") return "The workspace is suspended: resume it to create agents.";
  if (client.limits.chatbots !== null && client.usage.chatbots >= client.limits.chatbots) {
    return `The chatbot limit (${formatNumber(client.limits.chatbots)}) is reached: raise it below to add agents.`;
  }
  return null;
}

/** The workspace's agents and a form to add one. */
export function AgentsSection({ client }: { client: Client }) {
  const trpc = useTRPC();
  const { data, error, isPending, refetch, isRefetching } = useQuery(trpc.agencyClients.agents.queryOptions({ client_id: client.id }));
  const [adding, setAdding] = useState(false);
  const templates = useQuery(trpc.agencyTemplates.clientLinks.queryOptions({ client_id: client.id }));
  const followed = new Map((templates.data ?? []).map((l) => [l.chatbot_id, l]));
  const blocked = blockedReason(client);
  return (
    <Card>
      <CardHeader className="flex items-center justify-between gap-3">
        <CardTitle>
          Agents
          {client.limits.chatbots !== null ? (
            <span className="ml-1.5 font-normal text-gray-500">
              {formatNumber(client.usage.chatbots)} / {formatNumber(client.limits.chatbots)}
            </span>
          ) : null}
        </CardTitle>
        {!adding ? (
          <Button size="sm" variant="secondary" onClick={() => setAdding(true)} disabled={blocked !== null} title={blocked ?? undefined}>
            New agent
          </Button>
        ) : null}
      </CardHeader>
      <CardBody className="space-y-4">
        {blocked ? <p className="text-xs text-gray-500">{blocked}</p> : null}
        {adding ? <NewAgentForm clientId={client.id} onDone={() => setAdding(false)} /> : null}
        {isPending ? (
          <Loading label="Loading agents…" className="space-y-2">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </Loading>
        ) : error ? (
          <ErrorAlert title="Couldn't load the agents." message={error.message} onRetry={() => void refetch()} retrying={isRefetching} />
        ) : data.chatbots.length === 0 ? (
          <div className="flex flex-col items-center py-6 text-center text-sm text-gray-500">
            <ChatIcon className="mb-2 size-5 text-gray-500" />
            No agents yet.
          </div>
        ) : (
          <ul aria-label="Agents" className="divide-y divide-gray-100">
            {data.chatbots.map((agent) => (
              <li key={agent.id} className="flex items-center gap-3 py-2.5">
                <ColorSwatch color={agent.accent_color} className="size-8 rounded-full" />
                <div className="min-w-0 flex-1">
                  <Link href={`/chatbots/${agent.id}`} className="block truncate text-sm font-medium text-gray-900 underline-offset-2 hover:text-indigo-700 hover:underline">
                    {agent.name}
                  </Link>
                  <p className="text-xs text-gray-500">
                    Created <time dateTime={agent.created_at}>{formatDate(agent.created_at)}</time>
                    {followed.has(agent.id) ? (
                      <>
                        {" · "}
                        <Link href={`/templates/${followed.get(agent.id)!.template.id}`} className="underline underline-offset-2">
                          Follows {followed.get(agent.id)!.template.name}, version {followed.get(agent.id)!.version}
                        </Link>
                      </>
                    ) : null}
                  </p>
                </div>
                {agent.enabled ? <Badge tone="green">Enabled</Badge> : <Badge>Disabled</Badge>}
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
