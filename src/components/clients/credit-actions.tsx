"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ResetCreditsDialog } from "@/components/clients/reset-credits-dialog";
import { TopUpDialog } from "@/components/clients/top-up-dialog";
import type { Client } from "@/components/clients/types";

/** Top up and Reset credits; both need a client-level monthly limit, and say so when there is none. */
export function CreditActions({ client }: { client: Client }) {
  const [dialog, setDialog] = useState<"topup" | "reset" | null>(null);
  const noteId = useId();
  const noLimit = client.limits.messages === null || client.limits.messages < 1;
  return (
    <div className="flex flex-col items-start gap-1.5 sm:items-end">
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => setDialog("reset")} disabled={noLimit} aria-describedby={noLimit ? noteId : undefined}>
          Reset credits
        </Button>
        <Button onClick={() => setDialog("topup")} disabled={noLimit} aria-describedby={noLimit ? noteId : undefined}>
          Top up
        </Button>
      </div>
      {noLimit ? (
        <p id={noteId} className="max-w-64 text-xs text-gray-500 sm:text-right">
          No monthly message limit: this client draws on your agency pool, so there is no budget to top up or reset. Set a limit below first.
        </p>
      ) : null}
      {dialog === "topup" ? <TopUpDialog client={client} open onClose={() => setDialog(null)} /> : null}
      {dialog === "reset" ? <ResetCreditsDialog client={client} open onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
