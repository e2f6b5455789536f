"use client";

import { ErrorAlert } from "@/components/ui/alert";
import { useQuery } from "@tanstack/react-query";
import { ChatIcon } from "@/components/icons";
import { useTRPC } from "@/trpc/react";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Loading, Skeleton } from "@/components/ui/skeleton";
import { ChatbotCard } from "@/components/chatbots/chatbot-card";

const GRID = "grid gap-4 sm:grid-cols-2 xl:grid-cols-3";

function ChatbotGridSkeleton() {
  return (
    <Loading label="Loading chatbots…" className={GRID}>
      {[0, 1, 2].map((i) => (
        <Card key={i} className="p-5">
          <div className="flex items-start gap-3">
            <Skeleton className="size-9 rounded-lg" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-16 rounded-full" />
            </div>
          </div>
          <div className="mt-5 grid grid-cols-2 gap-3 border-t border-gray-100 pt-4">
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
          </div>
        </Card>
      ))}
    </Loading>
  );
}

/** Every chatbot the signed-in user can access, across their teams (or in one team: "view as client"). */
export function ChatbotList({ teamId, teams = [] }: { teamId?: string; teams?: Array<{ id: string; name: string }> }) {
  const trpc = useTRPC();
  const { data: all, error, isPending, refetch, isRefetching } = useQuery(trpc.me.chatbots.queryOptions());

  if (isPending) return <ChatbotGridSkeleton />;

  if (error) {
    return (
      <ErrorAlert title="Couldn't load your chatbots." message={error.message} onRetry={() => void refetch()} retrying={isRefetching} />
    );
  }

  const data = teamId ? all.filter((c) => c.team_id === teamId) : all;
  if (data.length === 0) {
    return (
      <EmptyState
        icon={<ChatIcon className="size-5" />}
        title="No chatbots yet"
        description="Chatbots in your agency and client workspaces will appear here once they are created."
      />
    );
  }

  const grid = (items: typeof data, label: string) => (
    <ul className={GRID} aria-label={label}>
      {items.map((chatbot) => (
        <li key={chatbot.id} className="flex">
          <ChatbotCard chatbot={chatbot} />
        </li>
      ))}
    </ul>
  );
  const teamIds = [...new Set(data.map((c) => c.team_id))];
  if (teamIds.length < 2) return grid(data, "Chatbots");
  // Across several workspaces (the agency's owner): one group per client, by name.
  const nameOf = new Map(teams.map((t) => [t.id, t.name]));
  const groups = teamIds
    .map((id) => ({ id, name: nameOf.get(id) ?? "Other workspace", items: data.filter((c) => c.team_id === id) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return (
    <div className="space-y-8">
      {groups.map((g) => (
        <section key={g.id} aria-labelledby={`team-${g.id}`} className="space-y-3">
          <h2 id={`team-${g.id}`} className="text-sm font-semibold text-gray-900">
            {g.name} <span className="font-normal text-gray-600">· {g.items.length} {g.items.length === 1 ? "chatbot" : "chatbots"}</span>
          </h2>
          {grid(g.items, `Chatbots of ${g.name}`)}
        </section>
      ))}
    </div>
  );
}
