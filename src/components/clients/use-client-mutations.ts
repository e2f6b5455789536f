"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/react";
import type { Client } from "@/components/clients/types";

/**
 * After a change to a client: merge what the response carries into the cached
 * client right away (pause/suspend/resume and top-up answer with a subset of
 * the fields), then refetch every agency query (overview, ledger, agents…).
 */
export function useClientRefresh(clientId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async (partial?: Partial<Client>) => {
    if (partial) {
      queryClient.setQueryData(trpc.agencyClients.get.queryKey({ client_id: clientId }), (old) =>
        old ? { client: { ...old.client, ...partial } } : old,
      );
    }
    await queryClient.invalidateQueries({ queryKey: trpc.agencyClients.pathKey() });
  };
}
