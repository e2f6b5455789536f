"use client";

import { useQuery } from "@tanstack/react-query";
import { BookIcon } from "@/components/chatbots/icons";
import type { SourceItem } from "@/components/chatbots/types";
import { formatDateTime, humanize } from "@/components/lib/format";
import { ErrorAlert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { anySourceInProgress } from "@/server/domain/sources";
import { useTRPC } from "@/trpc/react";
import { SourceStatusBadge } from "./source-status-badge";

/** How often the list refreshes while a source is still on its way to trained/failed. */
export const SOURCES_POLL_MS = 3000;

/** The chatbot's sources with their live training status. */
export function SourcesTable({ chatbotId }: { chatbotId: string }) {
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.chatbots.sources.listWithReasons.queryOptions({ chatbot_id: chatbotId }),
    refetchInterval: (q) => (anySourceInProgress(q.state.data ?? []) ? SOURCES_POLL_MS : false),
    refetchIntervalInBackground: false,
  });

  if (query.isPending) {
    return (
      <div className="space-y-2 rounded-lg border border-gray-200 bg-white p-4" aria-busy="true">
        <p role="status" className="sr-only">
          Loading sources…
        </p>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-8" />
        ))}
      </div>
    );
  }
  if (query.error) {
    return <ErrorAlert title="Couldn't load the sources." message={query.error.message} onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  }
  const sources = query.data;
  if (sources.length === 0) {
    return <EmptyState icon={<BookIcon className="size-5" />} title="No sources yet" description="Websites, sitemaps and documents the chatbot learns from appear here with their training status." />;
  }
  const live = anySourceInProgress(sources);
  const counts = {
    trained: sources.filter((s) => s.status === "trained").length,
    failed: sources.filter((s) => s.status === "failed").length,
  };

  return (
    <>
      <div className="mb-4 flex flex-col gap-1 text-sm text-gray-600 sm:flex-row sm:items-center sm:justify-between">
        <p>
          {sources.length} source{sources.length === 1 ? "" : "s"}: {counts.trained} trained{counts.failed ? `, ${counts.failed} failed` : ""}
          {live ? `, ${sources.length - counts.trained - counts.failed} in progress` : ""}.
        </p>
        <p role="status" className="text-xs text-gray-500" data-testid="sources-live">
          {live ? "Training in progress: this list updates by itself." : "All sources are up to date."}
        </p>
      </div>
      <Table aria-label="Sources">
        <THead>
          <TR>
            <TH>Source</TH>
            <TH>Type</TH>
            <TH>Status</TH>
            <TH>Sync</TH>
            <TH>Last trained</TH>
          </TR>
        </THead>
        <TBody>
          {sources.map((s) => (
            <SourceRow key={s.id} source={s} />
          ))}
        </TBody>
      </Table>
    </>
  );
}

function SourceRow({ source: s }: { source: SourceItem }) {
  return (
    <TR data-source-id={s.id} data-status={s.status}>
      <TD className="max-w-md whitespace-normal">
        <p className="font-medium text-gray-900">{s.title || s.url || "Untitled"}</p>
        {s.url ? (
          <a href={s.url} target="_blank" rel="noreferrer noopener" className="block truncate text-xs text-gray-500 hover:underline">
            {s.url}
          </a>
        ) : null}
        {s.status === "failed" && s.status_reason ? <p className="mt-0.5 text-xs text-red-700">{s.status_reason}</p> : null}
      </TD>
      <TD>{humanize(s.type)}</TD>
      <TD>
        <SourceStatusBadge status={s.status} reason={s.status_reason} />
      </TD>
      <TD>{humanize(s.sync_frequency)}</TD>
      <TD>{s.trained_at ? <time dateTime={s.trained_at}>{formatDateTime(s.trained_at)}</time> : <span className="text-gray-500">—</span>}</TD>
    </TR>
  );
}
