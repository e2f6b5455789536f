"use client";

import { ErrorAlert } from "@/components/ui/alert";
import { useQuery } from "@tanstack/react-query";
import { ChatIcon } from "@/components/icons";
import { useTRPC } from "@/trpc/react";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { ChatbotCard } from "@/components/chatbots/chatbot-card";

const GRID = "grid gap-4 sm:grid-cols-2 xl:grid-cols-3";

function ChatbotGridSkeleton() {
  return (
    <div className={GRID} aria-busy="true">
      <p role="status" className="sr-only">
        Loading chatbots…
      </p>
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
    </div>
  );
}

/** Every chatbot the signed-in user can access, across their teams (or in one team: "view as client"). */
export function ChatbotList({ teamId }: { teamId?: string }) {
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

  return (
    <ul className={GRID} aria-label="Chatbots">
      {data.map((chatbot) => (
        <li key={chatbot.id} className="flex">
          <ChatbotCard chatbot={chatbot} />
        </li>
      ))}
    </ul>
  );
}
