"use client";

import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { cn } from "@/components/lib/cn";
import { Dialog } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { useTRPC } from "@/trpc/react";
import { FormError } from "@/components/ui/alert";
import type { Client, PauseMode } from "@/components/clients/types";
import { useClientRefresh } from "@/components/clients/use-client-mutations";

const MODES: Array<{ value: PauseMode; title: string; points: string[] }> = [
  {
    value: "hard",
    title: "Hard pause",
    points: [
      "Agents stop answering at once and the chat widget no longer loads.",
      "Remaining credits show as 0; top-up credits freeze and return untouched on resume.",
      "The monthly credit reset skips the workspace.",
    ],
  },
  {
    value: "soft",
    title: "Soft pause",
    points: [
      "Agents keep answering until the remaining monthly credits run out.",
      "Credits are not refilled and the top-up bucket is not drawn on.",
      "The monthly credit reset skips the workspace.",
    ],
  },
];

/** Pause (or switch the pause mode of) a workspace, hard or soft, after explaining both. */
export function PauseDialog({ client, open, onClose }: { client: Client; open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useClientRefresh(client.id);
  const name = useId();
  const otherMode: PauseMode = client.pause_mode === "hard" ? "soft" : "hard";
  const [mode, setMode] = useState<PauseMode>(client.status === "paused" ? otherMode : "hard");
  const pause = useMutation(
    trpc.agencyClients.pause.mutationOptions({
      onSuccess: async (res) => {
        close();
        await refresh(res.client);
      },
    }),
  );
  function close() {
    pause.reset();
    onClose();
  }
  const switching = client.status === "paused";
  return (
    <Dialog
      open={open}
      onClose={close}
      title={switching ? "Change the pause mode?" : `Pause ${client.name}?`}
      description={switching ? `The workspace is paused (${client.pause_mode}). Choose how it stays paused.` : "Choose how the client's agents behave while the workspace is paused."}
      className="max-w-lg"
    >
      <fieldset className="space-y-2">
        <legend className="sr-only">Pause mode</legend>
        {MODES.map((m) => (
          <label
            key={m.value}
            className={cn(
              "flex cursor-pointer gap-3 rounded-lg border p-3 text-sm",
              mode === m.value ? "border-indigo-500 bg-indigo-50/60 ring-1 ring-indigo-500" : "border-gray-200 hover:bg-gray-50",
            )}
          >
            <input type="radio" name={name} value={m.value} checked={mode === m.value} onChange={() => setMode(m.value)} className="mt-0.5 size-4 accent-indigo-600" />
            <span>
              <span className="font-medium text-gray-900">
                {m.title}
                {client.pause_mode === m.value ? <span className="ml-1.5 text-xs font-normal text-gray-500">(current)</span> : null}
              </span>
              <ul className="mt-1 list-disc space-y-0.5 pl-4 text-gray-600">
                {m.points.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="mt-5 space-y-4">
        <FormError message={pause.error?.message} />
        <DialogActions
          confirmLabel={switching ? "Change pause mode" : "Pause workspace"}
          onCancel={close}
          onConfirm={() => pause.mutate({ client_id: client.id, mode })}
          pending={pause.isPending}
          disabled={client.pause_mode === mode}
        />
      </div>
    </Dialog>
  );
}
