"use client";

import { useQuery } from "@tanstack/react-query";
import { ChatIcon } from "@/components/icons";
import { useTRPC } from "@/trpc/react";
import { Button } from "@/components/ui/button";
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

/** Every chatbot the signed-in user can access, across their teams. */
export function ChatbotList() {
  const trpc = useTRPC();
  const { data, error, isPending, refetch, isRefetching } = useQuery(trpc.me.chatbots.queryOptions());

  if (isPending) return <ChatbotGridSkeleton />;

  if (error) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p className="font-medium">Couldn&apos;t load your chatbots.</p>
        <p className="mt-1 text-red-700">{error.message}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void refetch()} disabled={isRefetching}>
          Try again
        </Button>
      </div>
    );
  }

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
