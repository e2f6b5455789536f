import type { ReactNode } from "react";
import { isNotFound, type TrpcErrorLike } from "@/components/lib/trpc-error";
import { ErrorAlert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { Loading, Skeleton } from "@/components/ui/skeleton";

/** A templates page while its query loads or when it failed (not found: its own words); null once it has data. */
export function pageFallback(
  query: { isPending: boolean; error: TrpcErrorLike | null; refetch: () => unknown },
  words: { back: ReactNode; loading: string; notFound: { title: string; description?: string }; failed: string },
): ReactNode | null {
  if (query.isPending)
    return (
      <>
        {words.back}
        <Loading label={words.loading} className="space-y-4">
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-48" />
        </Loading>
      </>
    );
  if (!query.error) return null;
  return (
    <>
      {words.back}
      {isNotFound(query.error) ? <EmptyState {...words.notFound} /> : <ErrorAlert title={words.failed} message={query.error.message} onRetry={() => void query.refetch()} />}
    </>
  );
}
