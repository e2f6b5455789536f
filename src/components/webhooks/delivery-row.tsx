"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { formatDateTimeSeconds, formatLogTime } from "@/components/lib/format";
import { cn } from "@/components/lib/cn";
import { Button } from "@/components/ui/button";
import { TD, TR } from "@/components/ui/table";
import { DeliveryStatusBadge } from "@/components/webhooks/delivery-status-badge";
import { stateOf, type DeliveryItem } from "@/components/webhooks/types";
import { useTRPC } from "@/trpc/react";

const COLUMNS = 7;

/** Columns left out on narrow screens (their values are in the opened row). */
export const DELIVERY_COLUMN_CLASSES = {
  response: "hidden sm:table-cell",
  lastError: "hidden md:table-cell",
  created: "hidden lg:table-cell",
} as const;

function Chevron({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 20 20" className={cn("size-4 shrink-0 text-gray-500 transition-transform", open && "rotate-90")} fill="currentColor" aria-hidden="true">
      <path d="M7.2 4.7a.75.75 0 0 1 1.06 0l4.77 4.77a.75.75 0 0 1 0 1.06l-4.77 4.77a.75.75 0 1 1-1.06-1.06L11.44 10 7.2 5.76a.75.75 0 0 1 0-1.06Z" />
    </svg>
  );
}

/** One delivery of the log; a click anywhere on the row opens its payload, last error and Resend. */
export function DeliveryRow({
  delivery,
  webhookId,
  webhookActive,
  open,
  onToggle,
}: {
  delivery: DeliveryItem;
  webhookId: string;
  webhookActive: boolean;
  open: boolean;
  onToggle: () => void;
}) {
  const state = stateOf(delivery);
  const detailsId = `delivery-${delivery.id}-details`;
  return (
    <>
      <TR
        data-delivery-id={delivery.id}
        data-state={state}
        onClick={onToggle}
        className={cn("cursor-pointer hover:bg-gray-50", open && "bg-gray-50")}
      >
        <TD>
          <DeliveryStatusBadge state={state} />
        </TD>
        <TD className="font-mono text-xs text-gray-900">
          {/* The click bubbles to the row, which toggles; the button gives keyboard and screen-reader users the same. */}
          <button
            type="button"
            aria-expanded={open}
            aria-controls={detailsId}
            className="inline-flex cursor-pointer items-center gap-1 rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            <Chevron open={open} />
            {delivery.event}
            <span className="sr-only">, {open ? "hide" : "show"} details</span>
          </button>
        </TD>
        <TD className="tabular-nums">{delivery.attempts}</TD>
        <TD className={cn(DELIVERY_COLUMN_CLASSES.response, "tabular-nums")}>{delivery.response_status ?? <span className="text-gray-500">—</span>}</TD>
        <TD className={cn(DELIVERY_COLUMN_CLASSES.lastError, "max-w-[13rem] truncate")} title={delivery.last_error ?? undefined}>
          {delivery.last_error ?? <span className="text-gray-500">—</span>}
        </TD>
        <TD className={DELIVERY_COLUMN_CLASSES.created}>
          <time dateTime={delivery.created_at} title={formatDateTimeSeconds(delivery.created_at)}>
            {formatLogTime(delivery.created_at)}
          </time>
        </TD>
        <TD>
          {delivery.delivered_at ? (
            <time dateTime={delivery.delivered_at} title={formatDateTimeSeconds(delivery.delivered_at)}>
              {formatLogTime(delivery.delivered_at)}
            </time>
          ) : (
            <span className="text-gray-500">—</span>
          )}
        </TD>
      </TR>
      {open ? (
        <tr id={detailsId} className="bg-gray-50">
          <td colSpan={COLUMNS} className="px-0 pt-1 pb-4">
            {/* As wide as the visible part of the table (container query units) and kept in view while the table scrolls sideways. */}
            <DeliveryDetails delivery={delivery} webhookId={webhookId} webhookActive={webhookActive} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

function DeliveryDetails({ delivery, webhookId, webhookActive }: { delivery: DeliveryItem; webhookId: string; webhookActive: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const resend = useMutation(
    trpc.agencyWebhooks.resend.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.agencyWebhooks.deliveries.queryKey({ webhook_id: webhookId }) }),
    }),
  );

  return (
    <div
      className="sticky left-4 w-[calc(100cqw-2rem)] space-y-3 rounded-md border border-gray-200 bg-white p-4 text-sm whitespace-normal"
      data-testid="delivery-details"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-gray-700">
          <dt className="text-gray-500">Delivery id</dt>
          <dd>
            <code className="font-mono text-xs break-all">{delivery.id}</code>
          </dd>
          <dt className="text-gray-500">Attempts</dt>
          <dd>{delivery.attempts}</dd>
          <dt className="text-gray-500">Last response</dt>
          <dd>{delivery.response_status ?? "none"}</dd>
          <dt className="text-gray-500">Created</dt>
          <dd>
            <time dateTime={delivery.created_at}>{formatDateTimeSeconds(delivery.created_at)}</time>
          </dd>
          <dt className="text-gray-500">Delivered at</dt>
          <dd>{delivery.delivered_at ? <time dateTime={delivery.delivered_at}>{formatDateTimeSeconds(delivery.delivered_at)}</time> : "not yet"}</dd>
          <dt className="text-gray-500">Last update</dt>
          <dd>
            <time dateTime={delivery.updated_at}>{formatDateTimeSeconds(delivery.updated_at)}</time>
          </dd>
        </dl>
        <div className="flex flex-col items-start gap-1 sm:items-end">
          <Button
            variant="secondary"
            size="sm"
            disabled={!webhookActive || resend.isPending}
            aria-busy={resend.isPending || undefined}
            onClick={(e) => {
              e.stopPropagation();
              resend.mutate({ webhook_id: webhookId, delivery_id: delivery.id });
            }}
          >
            {resend.isPending ? "Resending…" : "Resend"}
          </Button>
          <p className="max-w-xs text-xs text-gray-500 sm:text-right">
            {webhookActive ? "A new attempt of this delivery: same payload, same webhook-id." : "Activate the endpoint to resend deliveries."}
          </p>
        </div>
      </div>
      {resend.error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-700">
          {resend.error.message}
        </p>
      ) : resend.isSuccess ? (
        <p role="status" className="text-emerald-700">
          Queued for a new attempt.
        </p>
      ) : null}
      {delivery.last_error ? (
        <div>
          <h4 className="text-xs font-medium tracking-wide text-gray-500 uppercase">Last error</h4>
          <pre className="mt-1 overflow-x-auto rounded-md border border-red-100 bg-red-50 p-2 font-mono text-xs whitespace-pre-wrap text-red-800">
            {delivery.last_error}
          </pre>
        </div>
      ) : null}
      <div>
        <h4 className="text-xs font-medium tracking-wide text-gray-500 uppercase">Payload</h4>
        <pre
          data-testid="delivery-payload"
          className="mt-1 max-h-96 overflow-auto rounded-md bg-gray-900 p-3 font-mono text-xs leading-relaxed text-gray-100"
        >
          {JSON.stringify(delivery.payload, null, 2)}
        </pre>
      </div>
    </div>
  );
}
