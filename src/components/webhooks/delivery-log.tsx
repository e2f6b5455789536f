"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { WebhookIcon } from "@/components/icons";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Loading, SkeletonRows } from "@/components/ui/skeleton";
import { Table, TBody, TH, THead, TR } from "@/components/ui/table";
import { DELIVERY_COLUMN_CLASSES, DeliveryRow } from "@/components/webhooks/delivery-row";
import { DELIVERIES_PER_PAGE, DELIVERIES_POLL_MS, inFlight } from "@/components/webhooks/types";
import { useTRPC } from "@/trpc/react";

/**
 * The endpoint's deliveries, newest first, 25 a page. While a delivery on
 * screen is pending or retrying the page refreshes every 2 s by itself.
 */
export function DeliveryLog({
  webhookId,
  webhookActive,
  page,
  onPageChange,
}: {
  webhookId: string;
  webhookActive: boolean;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [openId, setOpenId] = useState<string | null>(null);
  const query = useQuery({
    ...trpc.agencyWebhooks.deliveries.queryOptions({ webhook_id: webhookId, page, per_page: DELIVERIES_PER_PAGE }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some(inFlight) ? DELIVERIES_POLL_MS : false),
    refetchIntervalInBackground: false,
  });

  // When the last delivery on screen settles, re-read the endpoint: a 410 Gone answer deactivates it.
  const live = query.data?.data.some(inFlight) ?? false;
  const wasLive = useRef(live);
  useEffect(() => {
    if (wasLive.current && !live) void queryClient.invalidateQueries({ queryKey: trpc.agencyWebhooks.get.queryKey({ webhook_id: webhookId }) });
    wasLive.current = live;
  }, [live, queryClient, trpc, webhookId]);

  if (query.isPending) {
    return (
      <Loading label="Loading deliveries…" className="space-y-2 rounded-lg border border-gray-200 bg-white p-4">
        <SkeletonRows count={4} className="h-8" />
      </Loading>
    );
  }
  if (query.error) {
    return <ErrorAlert title="Couldn't load the delivery log." message={query.error.message} onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  }

  const { data: deliveries, total } = query.data;
  const pages = Math.max(1, Math.ceil(total / DELIVERIES_PER_PAGE));
  if (total === 0) {
    return (
      <EmptyState
        icon={<WebhookIcon className="size-5" />}
        title="No deliveries yet — send a test event"
        description="Every event sent to this endpoint appears here with its status, attempts and response. Deliveries are kept for 30 days."
      />
    );
  }
  const first = (query.data.current_page - 1) * DELIVERIES_PER_PAGE + 1;
  const last = first + deliveries.length - 1;

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-1 text-sm text-gray-600 sm:flex-row sm:items-center sm:justify-between">
        <p>
          {deliveries.length ? `${first}–${last} of ${total}` : `0 of ${total}`} deliveries, newest first.
        </p>
        <p role="status" data-testid="deliveries-live" className="text-xs text-gray-500">
          {live ? "Deliveries in progress: this log updates by itself." : ""}
        </p>
      </div>
      <div className="@container">
        <Table aria-label="Deliveries" aria-busy={query.isPlaceholderData || undefined}>
          <THead>
            <TR>
              <TH>Status</TH>
              <TH>Event</TH>
              <TH>Attempts</TH>
              <TH className={DELIVERY_COLUMN_CLASSES.response}>Response</TH>
              <TH className={DELIVERY_COLUMN_CLASSES.lastError}>Last error</TH>
              <TH className={DELIVERY_COLUMN_CLASSES.created}>Created</TH>
              <TH>Delivered at</TH>
            </TR>
          </THead>
          <TBody>
            {deliveries.map((delivery) => (
              <DeliveryRow
                key={delivery.id}
                delivery={delivery}
                webhookId={webhookId}
                webhookActive={webhookActive}
                open={openId === delivery.id}
                onToggle={() => setOpenId((current) => (current === delivery.id ? null : delivery.id))}
              />
            ))}
          </TBody>
        </Table>
      </div>
      {pages > 1 || page > 1 ? (
        <nav aria-label="Delivery log pages" className="flex items-center justify-between gap-3 text-sm text-gray-600">
          <Button variant="secondary" size="sm" disabled={page <= 1 || query.isPlaceholderData} onClick={() => onPageChange(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pages || query.isPlaceholderData} onClick={() => onPageChange(page + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
