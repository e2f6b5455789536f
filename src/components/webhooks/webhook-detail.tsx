"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Breadcrumb } from "@/components/ui/breadcrumb";
import { useState } from "react";
import { WebhookIcon } from "@/components/icons";
import { formatDateTime } from "@/components/lib/format";
import { ErrorAlert, FormError } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Loading, Skeleton } from "@/components/ui/skeleton";
import { DeliveryLog } from "@/components/webhooks/delivery-log";
import { EditWebhookCard } from "@/components/webhooks/edit-webhook-card";
import { ActiveBadge, EventList } from "@/components/webhooks/event-list";
import { WebhooksForbiddenState } from "@/components/webhooks/forbidden-state";
import { isForbidden, isNotFound, retryUnlessRefused } from "@/components/webhooks/types";
import { ActiveToggle, DeleteWebhookButton, SendTestButton } from "@/components/webhooks/webhook-actions";
import { useTRPC } from "@/trpc/react";


function DetailSkeleton() {
  return (
    <Loading label="Loading the endpoint…" className="space-y-4">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-48" />
      <Skeleton className="h-32" />
    </Loading>
  );
}

/** `/webhooks/[webhook_id]`: the endpoint, its settings and its delivery log. */
export function WebhookDetail({ webhookId }: { webhookId: string }) {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.agencyWebhooks.get.queryOptions({ webhook_id: webhookId }), retry: retryUnlessRefused });
  const [page, setPage] = useState(1);
  const [actionError, setActionError] = useState<string | null>(null);

  if (query.isPending) return <DetailSkeleton />;
  if (isForbidden(query.error)) return <WebhooksForbiddenState />;
  if (isNotFound(query.error)) {
    return (
      <EmptyState
        icon={<WebhookIcon className="size-5" />}
        title="Endpoint not found"
        description="It does not exist, was deleted, or belongs to another agency."
        action={
          <Link href="/webhooks" className={buttonClasses({ variant: "secondary" })}>
            Back to webhooks
          </Link>
        }
      />
    );
  }
  if (query.error) {
    return <ErrorAlert title="Couldn't load this endpoint." message={query.error.message} onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  }

  const webhook = query.data;
  return (
    <>
      <Breadcrumb href="/webhooks" label="Webhooks" current={webhook.url} />
      <div className="mb-6 flex flex-col gap-4 xl:flex-row xl:items-start xl:justify-between">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600" aria-hidden="true">
            <WebhookIcon className="size-5" />
          </div>
          <div className="min-w-0">
            <h1 className="font-mono text-lg font-semibold tracking-tight break-all text-gray-900" data-testid="webhook-url">
              {webhook.url}
            </h1>
            <div className="mt-1.5 flex flex-wrap items-center gap-2 text-sm text-gray-500" data-testid="webhook-summary">
              <span data-testid="webhook-status">
                <ActiveBadge active={webhook.active} />
              </span>
              <EventList events={webhook.events} />
              <span>
                created <time dateTime={webhook.created_at}>{formatDateTime(webhook.created_at)}</time>
              </span>
            </div>
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          <SendTestButton webhook={webhook} onSent={() => setPage(1)} onError={setActionError} />
          <ActiveToggle webhook={webhook} onError={setActionError} />
          <DeleteWebhookButton webhook={webhook} />
        </div>
      </div>
      <FormError message={actionError} className="mb-6" />
      {webhook.active ? null : (
        <p className="mb-6 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          This endpoint is inactive: no events are sent to it. Activate it to resume deliveries and to send test events.
        </p>
      )}
      <div className="space-y-8">
        <section aria-labelledby="delivery-log-heading" className="space-y-3">
          <h2 id="delivery-log-heading" className="text-sm font-semibold text-gray-900">
            Delivery log
          </h2>
          <DeliveryLog webhookId={webhook.id} webhookActive={webhook.active} page={page} onPageChange={setPage} />
        </section>
        <EditWebhookCard webhook={webhook} />
      </div>
    </>
  );
}
