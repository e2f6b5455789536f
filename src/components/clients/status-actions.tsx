"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { PauseDialog } from "@/components/clients/pause-dialog";
import { StatusDialog } from "@/components/clients/status-dialog";
import type { Client } from "@/components/clients/types";

/** Pause / Suspend / Resume as the status allows, each behind a confirmation. */
export function StatusActions({ client }: { client: Client }) {
  const [pausing, setPausing] = useState(false);
  const [action, setAction] = useState<"suspend" | "resume" | null>(null);
  return (
    <div className="flex flex-wrap gap-2">
      {client.status === "active" ? (
        <Button variant="secondary" onClick={() => setPausing(true)}>
          Pause
        </Button>
      ) : null}
      {client.status === "paused" ? (
        <Button variant="secondary" onClick={() => setPausing(true)}>
          Change pause mode
        </Button>
      ) : null}
      {client.status !== "suspended" ? (
        <Button variant="secondary" className="text-red-700 hover:text-red-800" onClick={() => setAction("suspend")}>
          Suspend
        </Button>
      ) : null}
      {client.status !== "active" ? <Button onClick={() => setAction("resume")}>Resume</Button> : null}
      {pausing ? <PauseDialog client={client} open onClose={() => setPausing(false)} /> : null}
      <StatusDialog client={client} action={action} onClose={() => setAction(null)} />
    </div>
  );
}
