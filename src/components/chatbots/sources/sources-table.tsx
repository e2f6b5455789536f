"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { useChatbot } from "@/components/chatbots/chatbot-context";
import { BookIcon, PlusIcon } from "@/components/chatbots/icons";
import { ReadOnlyNotice } from "@/components/chatbots/read-only-notice";
import type { SourceItem } from "@/components/chatbots/types";
import { WebsiteProgress } from "@/components/chatbots/sources/website-progress";
import { formatDateTime, humanize } from "@/components/lib/format";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useDeleteConfirm } from "@/components/ui/use-delete-confirm";
import { EmptyState } from "@/components/ui/empty-state";
import { Loading, SkeletonRows } from "@/components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { anySourceInProgress, isSourceInProgress } from "@/server/training/client";
import { useTRPC } from "@/trpc/react";
import { AddSourceDialog, type AddKind } from "./add-source-dialog";
import { SourceDetailDialog } from "./source-detail-dialog";
import { SourceStatusBadge } from "./source-status-badge";
import { SOURCES_POLL_MS } from "./poll";


const ADD_LABELS: Record<AddKind, string> = { website: "Website", page: "Single page", text: "Text", file: "File" };

/** Top-level sources with, for each website, the pages its crawl kept. */
function groupSources(sources: SourceItem[]) {
  const ids = new Set(sources.map((s) => s.id));
  const pagesOf = new Map<string, SourceItem[]>();
  const top: SourceItem[] = [];
  for (const s of sources) {
    if (s.indexer_id && ids.has(s.indexer_id)) pagesOf.set(s.indexer_id, [...(pagesOf.get(s.indexer_id) ?? []), s]);
    else top.push(s);
  }
  return { top, pagesOf };
}

/** The chatbot's sources with their live training status; editors add, retrain and delete them. */
export function SourcesTable({ chatbotId }: { chatbotId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { can_edit } = useChatbot();
  const listKey = trpc.chatbots.sources.listWithReasons.queryKey({ chatbot_id: chatbotId });
  const query = useQuery({
    ...trpc.chatbots.sources.listWithReasons.queryOptions({ chatbot_id: chatbotId }),
    refetchInterval: (q) => (anySourceInProgress(q.state.data ?? []) ? SOURCES_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
  const [adding, setAdding] = useState<AddKind | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey });
  const sync = useMutation(trpc.chatbots.sources.sync.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.chatbots.sources.delete.mutationOptions({ onSuccess: refresh }));
  const deleting = useDeleteConfirm(remove, (s: SourceItem) => ({ chatbot_id: chatbotId, source_id: s.id }));

  if (query.isPending) {
    return (
      <Loading label="Loading sources…" className="space-y-2 rounded-lg border border-gray-200 bg-white p-4">
        <SkeletonRows count={3} className="h-8" />
      </Loading>
    );
  }
  if (query.error) {
    return <ErrorAlert title="Couldn't load the sources." message={query.error.message} onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  }
  const sources = query.data;
  const { top, pagesOf } = groupSources(sources);
  const live = anySourceInProgress(sources);
  const counts = { trained: top.filter((s) => s.status === "trained").length, failed: top.filter((s) => s.status === "failed").length };
  const addButtons = can_edit ? (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Add a source">
      {(Object.keys(ADD_LABELS) as AddKind[]).map((k) => (
        <Button key={k} variant={k === "website" ? "primary" : "secondary"} size="sm" onClick={() => setAdding(k)}>
          <PlusIcon className="size-3.5" />
          {ADD_LABELS[k]}
        </Button>
      ))}
    </div>
  ) : null;
  const toggle = (id: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const row = (s: SourceItem, nested: boolean) => (
    <TR key={s.id} data-source-id={s.id} data-status={s.status} data-type={s.type}>
      <TD className={nested ? "max-w-md pl-8 whitespace-normal" : "max-w-md whitespace-normal"}>
        <p className={nested ? "text-gray-800" : "font-medium text-gray-900"}>{s.title || s.url || "Untitled"}</p>
        {s.url ? (
          <a href={s.url} target="_blank" rel="noreferrer noopener" className="block truncate text-xs text-gray-500 hover:underline">
            {nested ? (s.path ?? s.url) : s.url}
          </a>
        ) : null}
        {s.status_reason ? <p className={s.status === "failed" ? "mt-0.5 text-xs text-red-700" : "mt-0.5 text-xs text-amber-700"}>{s.status_reason}</p> : null}
        {s.type === "website" ? <WebsiteProgress source={s} /> : null}
        {s.type === "website" && pagesOf.get(s.id)?.length ? (
          <button type="button" className="mt-1 cursor-pointer text-xs font-medium text-indigo-700 hover:underline" aria-expanded={expanded.has(s.id)} onClick={() => toggle(s.id)}>
            {expanded.has(s.id) ? "Hide" : "Show"} {pagesOf.get(s.id)!.length === 1 ? "1 page" : `${pagesOf.get(s.id)!.length.toLocaleString("en-US")} pages`}
          </button>
        ) : null}
      </TD>
      <TD data-wide="">{humanize(s.type)}</TD>
      <TD>
        <SourceStatusBadge status={s.status} reason={s.status_reason} />
      </TD>
      <TD data-wide="">{nested ? <span className="text-gray-500">—</span> : humanize(s.sync_frequency)}</TD>
      <TD data-wide="">{s.trained_at ? <time dateTime={s.trained_at}>{formatDateTime(s.trained_at)}</time> : <span className="text-gray-500">—</span>}</TD>
      <TD>
        <div className="flex flex-wrap gap-1 sm:justify-end">
          <Button variant="ghost" size="sm" aria-label={`Details of ${s.title || s.url}`} onClick={() => setDetail(s.id)}>
            Details
          </Button>
          {can_edit && !nested ? (
            <>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Retrain ${s.title || s.url}`}
                disabled={isSourceInProgress(s.status) || (sync.isPending && sync.variables?.source_id === s.id)}
                onClick={() => sync.mutate({ chatbot_id: chatbotId, source_id: s.id })}
              >
                Retrain
              </Button>
              <Button variant="secondary" size="sm" aria-label={`Delete ${s.title || s.url}`} className="text-red-700 hover:text-red-800" onClick={() => deleting.ask(s)}>
                Delete
              </Button>
            </>
          ) : null}
        </div>
      </TD>
    </TR>
  );

  return (
    <>
      <ReadOnlyNotice what="the sources" />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="text-sm text-gray-600">
          <p>
            {top.length} source{top.length === 1 ? "" : "s"}: {counts.trained} trained{counts.failed ? `, ${counts.failed} failed` : ""}
            {live ? `, ${top.length - counts.trained - counts.failed} in progress` : ""}.
          </p>
          {sources.length !== top.length ? (
            <p className="text-xs text-gray-500" data-testid="sources-counted">
              {sources.length.toLocaleString("en-US")} count toward the source limit: each page a website crawl keeps counts, as does each text and file.
            </p>
          ) : null}
          <p role="status" className="text-xs text-gray-500" data-testid="sources-live">
            {live ? "Training in progress: this list updates by itself." : "All sources are up to date."}
          </p>
        </div>
        {sources.length ? addButtons : null}
      </div>
      {sync.error ? <p role="alert" className="mb-3 text-sm text-red-700">{sync.error.message}</p> : null}
      {sources.length === 0 ? (
        <EmptyState
          icon={<BookIcon className="size-5" />}
          title="No sources yet"
          description="Add a website, a page, a text or a file: the chatbot learns from them and answers from what they say."
          action={addButtons}
        />
      ) : (
        <div className="overflow-x-auto">
          {/* On a phone each source is a card (name, status, actions; the `data-wide` cells are under Details): no column off-screen. */}
          <Table aria-label="Sources" className="max-sm:block max-sm:[&_tbody]:block max-sm:[&_td]:block max-sm:[&_td]:py-1.5 max-sm:[&_td[data-wide]]:hidden max-sm:[&_thead]:sr-only max-sm:[&_tr]:block max-sm:[&_tr]:py-2">
            <THead>
              <TR>
                <TH>Source</TH>
                <TH>Type</TH>
                <TH>Status</TH>
                <TH>Sync</TH>
                <TH>Last trained</TH>
                <TH>
                  <span className="sr-only">Actions</span>
                </TH>
              </TR>
            </THead>
            <TBody>
              {top.map((s) => (
                <Fragment key={s.id}>
                  {row(s, false)}
                  {expanded.has(s.id) ? (pagesOf.get(s.id) ?? []).map((p) => row(p, true)) : null}
                </Fragment>
              ))}
            </TBody>
          </Table>
        </div>
      )}
      {adding ? <AddSourceDialog chatbotId={chatbotId} kind={adding} onClose={() => setAdding(null)} /> : null}
      {detail ? <SourceDetailDialog chatbotId={chatbotId} sourceId={detail} onClose={() => setDetail(null)} /> : null}
      <ConfirmDialog
        {...deleting.dialog}
        title="Delete source?"
        description={
          <p>
            The chatbot forgets what it learnt from &ldquo;{deleting.target?.title || deleting.target?.url}&rdquo;
            {deleting.target?.type === "website" ? ", including every page of the website" : ""}.
          </p>
        }
        confirmLabel="Delete source"
      />
    </>
  );
}
