"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { formatDateTime } from "@/components/lib/format";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog, ConsequenceList } from "@/components/ui/confirm-dialog";
import { useTRPC } from "@/trpc/react";
import { DeleteClientDialog } from "@/components/clients/delete-client-dialog";

/** What archiving does, as `archiveClient` in workspaces/lifecycle.ts does it. */
const ARCHIVE_POINTS = [
  "Its agents stop answering at once and the chat widget no longer loads (the workspace is suspended).",
  "Its people no longer see it in their portal, and pending invitations are revoked.",
  "It is hidden from your client list (the Archived filter shows it) and no agents can be created in it.",
  "Nothing is deleted: credits, top-ups, the credit ledger, sources, conversations and contacts are kept. Restore brings it back active.",
];

/** Archive, restore and (once archived) delete a client workspace, each behind a confirmation. */
export function ArchiveDeleteCard({ client }: { client: { id: string; name: string; archived_at: string | null } }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [confirming, setConfirming] = useState<"archive" | "restore" | "delete" | null>(null);
  const refresh = () => queryClient.invalidateQueries();
  const archive = useMutation(
    trpc.lifecycle.archiveClient.mutationOptions({
      onSuccess: async () => {
        setConfirming(null);
        await refresh();
      },
    }),
  );
  const restore = useMutation(
    trpc.lifecycle.restoreClient.mutationOptions({
      onSuccess: async () => {
        setConfirming(null);
        await refresh();
      },
    }),
  );
  const remove = useMutation(
    trpc.lifecycle.deleteClient.mutationOptions({
      onSuccess: async () => {
        setConfirming(null);
        router.push("/clients");
        await queryClient.invalidateQueries({ queryKey: trpc.agencyClients.overview.queryKey() });
      },
    }),
  );
  const archived = client.archived_at !== null;
  return (
    <Card className={archived ? "border-red-200" : undefined}>
      <CardHeader>
        <CardTitle>{archived ? "Archived client" : "Archive this client"}</CardTitle>
      </CardHeader>
      <CardBody className="space-y-3 text-sm text-gray-700">
        {archived ? (
          <>
            <p>
              Archived <time dateTime={client.archived_at!}>{formatDateTime(client.archived_at!)}</time>. Its agents don&apos;t answer and its people
              don&apos;t see it. Restore it to bring it back active, or delete it for good.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => setConfirming("restore")}>Restore client…</Button>
              <Button variant="danger" onClick={() => setConfirming("delete")}>
                Delete client…
              </Button>
            </div>
          </>
        ) : (
          <>
            <p>Done with this client? Archiving stops its agents and hides it, and keeps everything so you can restore it.</p>
            <Button variant="secondary" className="text-red-700 hover:text-red-800" onClick={() => setConfirming("archive")}>
              Archive client…
            </Button>
          </>
        )}
      </CardBody>
      <ConfirmDialog
        open={confirming === "archive"}
        title={`Archive ${client.name}?`}
        description={<ConsequenceList points={ARCHIVE_POINTS} />}
        confirmLabel="Archive client"
        pending={archive.isPending}
        error={archive.error?.message ?? null}
        onConfirm={() => archive.mutate({ client_id: client.id })}
        onClose={() => {
          archive.reset();
          setConfirming(null);
        }}
      />
      <ConfirmDialog
        open={confirming === "restore"}
        title={`Restore ${client.name}?`}
        description="It becomes active again: its agents answer, its widget shows on its website and its people see it in their portal. Its credits and settings are as they were."
        confirmLabel="Restore client"
        pending={restore.isPending}
        error={restore.error?.message ?? null}
        onConfirm={() => restore.mutate({ client_id: client.id })}
        onClose={() => {
          restore.reset();
          setConfirming(null);
        }}
      />
      {confirming === "delete" ? (
        <DeleteClientDialog
          name={client.name}
          pending={remove.isPending}
          error={remove.error?.message ?? null}
          onConfirm={() => remove.mutate({ client_id: client.id })}
          onClose={() => {
            remove.reset();
            setConfirming(null);
          }}
        />
      ) : null}
    </Card>
  );
}
