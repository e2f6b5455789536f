import { addMonths, standingOf, type Standing } from "@/server/workspaces/client";
import type { Client, OverviewClient } from "@/components/clients/types";

const numberFormat = new Intl.NumberFormat();

/** `12,345` in the viewer's locale. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** `+500`, `−12`, `0`. */
export function formatDelta(value: number): string {
  if (value === 0) return "0";
  return value > 0 ? `+${formatNumber(value)}` : `−${formatNumber(-value)}`;
}

/** Share of `used` in `limit` as a 0–100 percentage (clamped). */
export function percentOf(used: number, limit: number): number {
  if (limit <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, (used / limit) * 100));
}

type WorkspaceState = Pick<Client, "status" | "pause_mode">;
type CreditState = WorkspaceState & Pick<Client, "messages_remaining" | "credits_exhausted_at">;

/** What the workspace may spend now, by the server's own rule (`standingOf`): the UI never decides it itself. */
export function standingOfClient(client: WorkspaceState): Standing {
  return standingOf(client.status, client.pause_mode);
}

/** Stopped workspaces (hard-paused, paused without a mode, suspended) serve nothing: their remaining credits are 0 by rule, not by use. */
export function isStopped(client: WorkspaceState): boolean {
  return standingOfClient(client) === "stopped";
}

/** Top-up credits are spent only while the workspace is active; otherwise they are kept, frozen, until it is resumed. */
export function topupsFrozen(client: WorkspaceState): boolean {
  return standingOfClient(client) !== "active";
}

/** The workspace's state in words: Active, Suspended, Hard-paused, Soft-paused, or Paused (a pause without a mode). */
export function stateName(client: WorkspaceState): string {
  if (client.status !== "paused") return client.status === "suspended" ? "Suspended" : "Active";
  return client.pause_mode === "hard" ? "Hard-paused" : client.pause_mode === "soft" ? "Soft-paused" : "Paused";
}

/** Out of credits: marked exhausted by the server, or serving with nothing left. */
export function isExhausted(client: CreditState): boolean {
  return client.credits_exhausted_at !== null || (!isStopped(client) && client.messages_remaining === 0);
}

export type Runway = { kind: "exhausted" } | { kind: "stopped" } | { kind: "idle" } | { kind: "days"; days: number };

export function runwayOf(client: CreditState & Pick<OverviewClient, "runway_days">): Runway {
  if (isExhausted(client)) return { kind: "exhausted" };
  if (isStopped(client)) return { kind: "stopped" };
  if (client.runway_days === null) return { kind: "idle" };
  return { kind: "days", days: client.runway_days };
}

/** Running low: fewer than 7 days left at the recent pace, or already out. */
export function isRunningLow(client: CreditState & Pick<OverviewClient, "runway_days">): boolean {
  const runway = runwayOf(client);
  return runway.kind === "exhausted" || (runway.kind === "days" && runway.days < 7);
}

export function formatRunway(runway: Runway): string {
  switch (runway.kind) {
    case "exhausted":
      return "Exhausted";
    case "stopped":
    case "idle":
      return "—";
    case "days":
      if (runway.days < 1) return "< 1 day";
      if (runway.days > 365) return "> 1 year";
      return `~${formatNumber(Math.round(runway.days))} ${Math.round(runway.days) === 1 ? "day" : "days"}`;
  }
}

export function runwayExplanation(runway: Runway): string {
  switch (runway.kind) {
    case "exhausted":
      return "No credits left: the client's agents have stopped answering.";
    case "stopped":
      return "Not serving messages while paused or suspended.";
    case "idle":
      return "No messages in the last 7 days.";
    case "days":
      return "At the pace of the last 7 days.";
  }
}

/** The next monthly renewal, one month after the start of the current period. */
export function nextRenewal(creditsResetAt: string): Date | null {
  const start = new Date(creditsResetAt);
  if (Number.isNaN(start.getTime())) return null;
  let next = addMonths(start, 1);
  const now = Date.now();
  for (let i = 1; next.getTime() < now && i < 240; i++) next = addMonths(start, i + 1);
  return next;
}
