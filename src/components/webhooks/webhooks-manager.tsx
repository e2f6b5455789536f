"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { WebhookIcon } from "@/components/icons";
import { formatDate } from "@/components/lib/format";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Loading, SkeletonRows } from "@/components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { CreateWebhookDialog } from "@/components/webhooks/create-webhook-dialog";
import { ActiveBadge, EventList } from "@/components/webhooks/event-list";
import { WebhooksForbiddenState } from "@/components/webhooks/forbidden-state";
import { NewWebhookSecretPanel } from "@/components/webhooks/new-webhook-secret-panel";
import { isForbidden, retryUnlessRefused, type CreatedWebhook } from "@/components/webhooks/types";
import { useTRPC } from "@/trpc/react";

const DESCRIPTION = "Send events such as captured leads and escalations from your client workspaces to your own endpoints.";

function ListSkeleton() {
  return (
    <Loading label="Loading webhook endpoints…" className="space-y-2 rounded-lg border border-gray-200 bg-white p-4">
      <SkeletonRows count={3} className="h-8" />
    </Loading>
  );
}

/** `/webhooks`: the agency's endpoints, "Add endpoint", and the new endpoint's secret (shown once). */
export function WebhooksManager() {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.agencyWebhooks.list.queryOptions(), retry: retryUnlessRefused });
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);

  if (isForbidden(query.error)) {
    return (
      <>
        <PageHeader title="Webhooks" description={DESCRIPTION} />
        <WebhooksForbiddenState />
      </>
    );
  }

  const addButton = (
    <Button onClick={() => setAdding(true)} disabled={query.isPending}>
      Add endpoint
    </Button>
  );

  let body;
  if (query.isPending) body = <ListSkeleton />;
  else if (query.error)
    body = <ErrorAlert title="Couldn't load your webhook endpoints." message={query.error.message} onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  else if (query.data.webhooks.length === 0)
    body = (
      <EmptyState
        icon={<WebhookIcon className="size-5" />}
        title="No endpoints yet"
        description="Add an https:// endpoint to receive signed events, e.g. to put new leads into your CRM or top up a client automatically."
      />
    );
  else
    body = (
      <Table aria-label="Webhook endpoints">
        <THead>
          <TR>
            <TH>Endpoint URL</TH>
            <TH>Events</TH>
            <TH>Status</TH>
            <TH>Created</TH>
          </TR>
        </THead>
        <TBody>
          {query.data.webhooks.map((webhook) => (
            <TR key={webhook.id} data-webhook-id={webhook.id} className="hover:bg-gray-50">
              <TD className="max-w-md truncate font-medium text-gray-900">
                <Link href={`/webhooks/${webhook.id}`} className="text-indigo-700 hover:underline" title={webhook.url}>
                  {webhook.url}
                </Link>
              </TD>
              <TD className="whitespace-normal">
                <EventList events={webhook.events} />
              </TD>
              <TD>
                <ActiveBadge active={webhook.active} />
              </TD>
              <TD>
                <time dateTime={webhook.created_at}>{formatDate(webhook.created_at)}</time>
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
    );

  return (
    <>
      <PageHeader title="Webhooks" description={DESCRIPTION} actions={addButton} />
      <div className="space-y-6">
        {created ? <NewWebhookSecretPanel key={created.webhook.id} created={created} onDismiss={() => setCreated(null)} /> : null}
        {body}
      </div>
      {adding ? (
        <CreateWebhookDialog
          onClose={() => setAdding(false)}
          onCreated={(result) => {
            setAdding(false);
            setCreated(result);
          }}
        />
      ) : null}
    </>
  );
}
