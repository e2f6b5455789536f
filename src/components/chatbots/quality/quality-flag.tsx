"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { useTRPC } from "@/trpc/react";

/** In the chatbot's header: its latest quality evaluation dropped by more than 5 points after a training. */
export function QualityFlag({ chatbotId }: { chatbotId: string }) {
  const trpc = useTRPC();
  const latest = useQuery({ ...trpc.evaluations.list.queryOptions({ chatbot_id: chatbotId, per_page: 5 }), staleTime: 0 });
  const run = latest.data?.data.find((e) => e.status === "completed");
  if (!run?.score_dropped) return null;
  return (
    <Link href={`/chatbots/${chatbotId}/quality`} className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600" data-testid="quality-flag">
      <Badge tone="red">Quality dropped after a training</Badge>
    </Link>
  );
}
