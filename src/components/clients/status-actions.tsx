"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { PauseDialog } from "@/components/clients/pause-dialog";
import { StatusDialog } from "@/components/clients/status-dialog";
import type { Client } from "@/components/clients/types";

/**
 * After a confirmed change the button it came from is replaced (Pause becomes Resume): focus would drop to
 * the page. When it has, it goes to the action that undoes the change (Resume), else the first one left.
 */
function useFocusAfterStatusChange(client: Client) {
  const box = useRef<HTMLDivElement>(null);
  const state = `${client.status}:${client.pause_mode ?? ""}`;
  const previous = useRef(state);
  useEffect(() => {
    if (previous.current === state) return;
    previous.current = state;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const buttons = [...(box.current?.querySelectorAll<HTMLButtonElement>("button") ?? [])];
    (buttons.find((b) => b.dataset.undo !== undefined) ?? buttons[0])?.focus();
  }, [state]);
  return box;
}

/** Pause / Suspend / Resume as the status allows, each behind a confirmation. */
export function StatusActions({ client }: { client: Client }) {
  const [pausing, setPausing] = useState(false);
  const [action, setAction] = useState<"suspend" | "resume" | null>(null);
  const box = useFocusAfterStatusChange(client);
  return (
    <div ref={box} className="flex flex-wrap gap-2">
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
      {client.status !== "active" ? (
        <Button data-undo onClick={() => setAction("resume")}>
          Resume
        </Button>
      ) : null}
      {pausing ? <PauseDialog client={client} open onClose={() => setPausing(false)} /> : null}
      <StatusDialog client={client} action={action} onClose={() => setAction(null)} />
    </div>
  );
}
