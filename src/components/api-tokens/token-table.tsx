"use client";

import { ErrorAlert } from "@/components/ui/alert";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { KeyIcon } from "@/components/icons";
import type { ApiTokenItem } from "@/components/lib/trpc-types";
import { EmptyState } from "@/components/ui/empty-state";
import { Loading, SkeletonRows } from "@/components/ui/skeleton";
import { Table, TBody, TH, THead, TR } from "@/components/ui/table";
import { useTRPC } from "@/trpc/react";
import { RevokeTokenDialog } from "@/components/api-tokens/revoke-token-dialog";
import { TokenRow } from "@/components/api-tokens/token-row";

function TableSkeleton() {
  return (
    <Loading label="Loading API tokens…" className="space-y-2 rounded-lg border border-gray-200 bg-white p-4">
      <SkeletonRows count={3} className="h-8" />
    </Loading>
  );
}

/** The caller's API tokens, newest first, with a confirmed Revoke per active token. */
export function TokenTable() {
  const trpc = useTRPC();
  const { data, error, isPending, refetch, isRefetching } = useQuery(trpc.apiTokens.list.queryOptions());
  const [revoking, setRevoking] = useState<ApiTokenItem | null>(null);

  if (isPending) return <TableSkeleton />;

  if (error) {
    return (
      <ErrorAlert title="Couldn't load your API tokens." message={error.message} onRetry={() => void refetch()} retrying={isRefetching} />
    );
  }

  if (data.length === 0) {
    return (
      <EmptyState
        icon={<KeyIcon className="size-5" />}
        title="No API tokens yet"
        description="Create a token to call the REST API from your own code. Send it as a Bearer token in the Authorization header."
      />
    );
  }

  return (
    <>
      <Table aria-label="API tokens">
        <THead>
          <TR>
            <TH>Name</TH>
            <TH>Token</TH>
            <TH>Created</TH>
            <TH>Last used</TH>
            <TH>Status</TH>
            <TH>
              <span className="sr-only">Actions</span>
            </TH>
          </TR>
        </THead>
        <TBody>
          {data.map((token) => (
            <TokenRow key={token.id} token={token} onRevoke={setRevoking} />
          ))}
        </TBody>
      </Table>
      <RevokeTokenDialog token={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}
