"use client";

import { useQuery } from "@tanstack/react-query";
import { formatDateTime, humanize } from "@/components/lib/format";
import { ErrorAlert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { isSourceInProgress } from "@/server/training/client";
import { useTRPC } from "@/trpc/react";
import { SOURCES_POLL_MS } from "./poll";
import { SourceStatusBadge } from "./source-status-badge";

/** What a source was trained on: status, counts, the last error, the extracted text and, for a website, the URLs it left out. */
export function SourceDetailDialog({ chatbotId, sourceId, onClose }: { chatbotId: string; sourceId: string; onClose: () => void }) {
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.chatbots.sources.detail.queryOptions({ chatbot_id: chatbotId, source_id: sourceId }),
    refetchInterval: (q) => (q.state.data && isSourceInProgress(q.state.data.status) ? SOURCES_POLL_MS : false),
  });
  const s = query.data;
  return (
    <Dialog open onClose={onClose} title={s ? s.title || s.url || "Source" : "Source"} description={s?.url ?? undefined} className="max-w-2xl">
      {query.isPending ? (
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-6" />
          <Skeleton className="h-32" />
        </div>
      ) : query.error ? (
        <ErrorAlert title="Couldn't load the source." message={query.error.message} onRetry={() => void query.refetch()} retrying={query.isRefetching} />
      ) : s ? (
        <div className="space-y-4 text-sm">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <div>
              <dt className="text-xs text-gray-500">Status</dt>
              <dd className="mt-1">
                <SourceStatusBadge status={s.status} reason={s.status_reason} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-gray-500">Type</dt>
              <dd className="mt-1 text-gray-900">{humanize(s.type)}</dd>
            </div>
            {s.type === "website" ? (
              <div>
                <dt className="text-xs text-gray-500">Pages</dt>
                <dd className="mt-1 text-gray-900" data-testid="detail-pages">
                  {s.pages_indexed} indexed of {s.pages_found} found
                </dd>
              </div>
            ) : null}
            <div>
              <dt className="text-xs text-gray-500">Passages</dt>
              <dd className="mt-1 text-gray-900" data-testid="detail-chunks">
                {s.chunk_count}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-gray-500">Last trained</dt>
              <dd className="mt-1 text-gray-900">{s.trained_at ? formatDateTime(s.trained_at) : "—"}</dd>
            </div>
          </dl>
          {s.status_reason ? (
            <p role={s.status === "failed" ? "alert" : undefined} className={s.status === "failed" ? "rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-700" : "rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-800"}>
              {s.status_reason}
            </p>
          ) : null}
          {s.text_preview ? (
            <section aria-label="Extracted text">
              <h3 className="mb-1 text-xs font-medium tracking-wide text-gray-500 uppercase">Extracted text</h3>
              <pre className="max-h-64 overflow-auto rounded-md border border-gray-200 bg-gray-50 p-3 font-sans text-xs whitespace-pre-wrap text-gray-700">{s.text_preview}</pre>
            </section>
          ) : null}
          {s.skipped.length ? (
            <section aria-label="Pages left out">
              <h3 className="mb-1 text-xs font-medium tracking-wide text-gray-500 uppercase">Pages left out</h3>
              <ul className="max-h-48 space-y-1 overflow-auto text-xs">
                {s.skipped.map((p) => (
                  <li key={p.url} className="break-all">
                    <span className="text-gray-900">{p.url}</span> <span className="text-gray-500">— {p.reason ?? humanize(p.status)}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      ) : null}
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
