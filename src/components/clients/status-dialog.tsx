"use client";

import { useMutation } from "@tanstack/react-query";
import { Dialog } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { useTRPC } from "@/trpc/react";
import { FormError } from "@/components/ui/alert";
import type { Client } from "@/components/clients/types";
import { useClientRefresh } from "@/components/clients/use-client-mutations";

const COPY = {
  suspend: {
    title: (name: string) => `Suspend ${name}?`,
    points: [
      "Agents stop answering at once and the chat widget no longer loads.",
      "Remaining credits show as 0; top-up credits freeze and return untouched on resume.",
      "New agents cannot be created in the workspace. Nothing is deleted.",
    ],
    confirm: "Suspend workspace",
  },
  resume: {
    title: (name: string) => `Resume ${name}?`,
    points: [
      "Agents answer again within seconds and the chat widget loads.",
      "Credits are recomputed for the current month; frozen top-up credits return.",
      "The monthly allowance is not refilled: use Reset credits afterwards for a fresh allowance.",
    ],
    confirm: "Resume workspace",
  },
} as const;

/** Confirms a suspend or a resume, then applies it. */
export function StatusDialog({ client, action, onClose }: { client: Client; action: "suspend" | "resume" | null; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useClientRefresh(client.id);
  const onSuccess = async (res: { client: Partial<Client> }) => {
    close();
    await refresh(res.client);
  };
  const suspend = useMutation(trpc.agencyClients.suspend.mutationOptions({ onSuccess }));
  const resume = useMutation(trpc.agencyClients.resume.mutationOptions({ onSuccess }));
  const mutation = action === "resume" ? resume : suspend;
  function close() {
    suspend.reset();
    resume.reset();
    onClose();
  }
  const copy = COPY[action ?? "suspend"];
  return (
    <Dialog
      open={action !== null}
      onClose={close}
      title={copy.title(client.name)}
      description={
        <ul className="list-disc space-y-1 pl-4">
          {copy.points.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      }
    >
      <div className="space-y-4">
        <FormError message={mutation.error?.message} />
        <DialogActions
          confirmLabel={copy.confirm}
          onCancel={close}
          onConfirm={() => (action === "resume" ? resume : suspend).mutate({ client_id: client.id })}
          pending={mutation.isPending}
          variant={action === "suspend" ? "danger" : "primary"}
        />
      </div>
    </Dialog>
  );
}
