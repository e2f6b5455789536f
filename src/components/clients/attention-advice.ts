import { formatDate } from "@/components/lib/format";
import { formatNumber } from "@/components/clients/format";
import type { OverviewClient } from "@/components/clients/types";

/** One reason a client needs attention (the server's words), why, and what the agency can do about it. */
export interface Advice {
  reason: string;
  why: string;
  action: string;
}

type Facts = Pick<OverviewClient, "status" | "paused_at" | "credits_exhausted_at" | "messages_remaining" | "answered_rate" | "pause_mode">;

const since = (iso: string | null) => (iso ? ` since ${formatDate(iso)}` : "");

/**
 * Each reason with its cause and the action on the client's page: "Suspended — credits ran out on Nov 27 —
 * Top up or resume", not a state's name alone. Pure: the cockpit's list shows what this returns.
 */
export function attentionAdvice(client: Facts, reason: string): Advice {
  if (reason === "Suspended") {
    const why = client.credits_exhausted_at ? `credits ran out on ${formatDate(client.credits_exhausted_at)}` : `its agents don't answer${since(client.paused_at)}`;
    return { reason, why, action: "Top up or resume" };
  }
  if (reason === "Paused" || reason === "Soft-paused") {
    const what = client.pause_mode === "soft" ? "its agents answer until this month's credits run out" : "its agents don't answer";
    return { reason, why: `paused${since(client.paused_at)}: ${what}`, action: "Resume" };
  }
  if (reason === "Out of credits") return { reason, why: `no credits left${client.credits_exhausted_at ? ` since ${formatDate(client.credits_exhausted_at)}` : ""}`, action: "Top up" };
  if (reason === "Low credits") return { reason, why: `${formatNumber(client.messages_remaining)} credits left`, action: "Top up" };
  if (reason.startsWith("Credits last")) return { reason, why: "at the last 7 days' pace", action: "Top up" };
  if (reason.endsWith("unanswered questions")) {
    const rate = client.answered_rate === null ? "" : `${Math.round(client.answered_rate * 100)}% answered this period`;
    return { reason, why: rate || "this period", action: "Answer them" };
  }
  return { reason, why: "", action: "Open the client" };
}
