"use client";

import { useMutation } from "@tanstack/react-query";
import { FormError } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useTRPC } from "@/trpc/react";

/** Whether a failed read is a workspace asking its agency to request access first (record 125). */
export const needsAccessRequest = (error: unknown) => (error as { data?: { appCode?: string } } | null)?.data?.appCode === "ACCESS_REQUEST_REQUIRED";

/** In place of the conversations the agency may not read yet: why, and the request to the workspace's admin. */
export function RequestAccess({ clientId }: { clientId: string }) {
  const trpc = useTRPC();
  const request = useMutation(trpc.accessLog.request.mutationOptions());
  return (
    <div role="alert" className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
      <p className="font-medium">This workspace asks its agency to request access before viewing its conversations.</p>
      {request.data ? (
        <p role="status">
          {request.data.request.active ? "Access is granted: reload the page." : "Access requested: an admin of the workspace can grant it for 24 hours."}
        </p>
      ) : (
        <Button size="sm" disabled={request.isPending} onClick={() => request.mutate({ client_id: clientId })}>
          Request access
        </Button>
      )}
      <FormError message={request.error?.message} />
    </div>
  );
}
