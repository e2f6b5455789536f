"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { useTRPC } from "@/trpc/react";

const MAXIMA = [1, 2, 3, 5, 8, 10, 15, 20];

/**
 * The inbox header's routing controls (docs/decisions/122-business-hours-routing-and-ratings.md): the signed-in
 * member is available (takes waiting conversations, round-robin) or away, with their maximum of open ones.
 * Nothing for someone who is not a member of the workspace (they take no conversations).
 */
export function AvailabilityToggle({ chatbotId }: { chatbotId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mine = useQuery(trpc.liveChat.inboxAvailability.queryOptions({ chatbot_id: chatbotId }));
  const change = useMutation(
    trpc.liveChat.setInboxAvailability.mutationOptions({
      onSuccess: (next) => {
        queryClient.setQueryData(trpc.liveChat.inboxAvailability.queryKey({ chatbot_id: chatbotId }), next);
        void queryClient.invalidateQueries({ queryKey: trpc.conversations.inbox.queryKey() });
      },
    }),
  );
  const me = mine.data;
  if (!me) return null;
  const maxima = MAXIMA.includes(me.max_open_conversations) ? MAXIMA : [...MAXIMA, me.max_open_conversations].sort((a, b) => a - b);
  return (
    <div className="flex flex-wrap items-end gap-3 rounded-lg border border-gray-200 bg-white px-3 py-2" data-testid="inbox-availability">
      <button
        type="button"
        role="switch"
        aria-checked={me.available}
        disabled={change.isPending}
        onClick={() => change.mutate({ chatbot_id: chatbotId, available: !me.available })}
        className="flex min-h-11 items-center gap-2 rounded-md px-1 text-sm font-medium text-gray-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <span aria-hidden="true" className={`inline-flex h-5 w-9 items-center rounded-full p-0.5 ${me.available ? "bg-green-600" : "bg-gray-400"}`}>
          <span className={`size-4 rounded-full bg-white transition-transform ${me.available ? "translate-x-4" : ""}`} />
        </span>
        {me.available ? "Available" : "Away"}
      </button>
      <div>
        <Label htmlFor="inbox-max-open">At most</Label>
        <Select
          id="inbox-max-open"
          value={String(me.max_open_conversations)}
          disabled={change.isPending}
          onChange={(e) => change.mutate({ chatbot_id: chatbotId, max_open_conversations: Number(e.target.value) })}
        >
          {maxima.map((n) => (
            <option key={n} value={n}>
              {n} open
            </option>
          ))}
        </Select>
      </div>
      <Badge tone={me.open_conversations >= me.max_open_conversations ? "amber" : "neutral"}>{me.open_conversations} open now</Badge>
    </div>
  );
}
