/**
 * A client workspace's standing in words for its own people (the
 * client's home): whether its agents answer, why not, and what they can do.
 * Pure: the home page shows what this returns.
 */
import type { PauseMode, WorkspaceStatus } from "@/server/workspaces/status";
import { standingOf } from "@/server/workspaces/credit-rules";

export type CreditWarning = "out" | "low" | null;

/**
 * "out" when a workspace with its own budget has nothing left; "low" at or
 * below the agency's alert threshold, or, without one, at or below a tenth of
 * the monthly limit.
 */
export function creditWarning(remaining: number, limit: number | null, threshold: number | null): CreditWarning {
  if (limit === null) return null;
  if (remaining <= 0) return "out";
  if (threshold !== null ? remaining <= threshold : remaining <= Math.floor(limit / 10)) return "low";
  return null;
}

/** The standing (credit-rules' `Standing`, decided by `standingOf`) told to the workspace's people. */
export interface StandingInWords {
  tone: "ok" | "warning" | "stopped";
  title: string;
  detail: string;
  /** What the workspace's people can do about it, in order. */
  todo: string[];
}

export function standingInWords(input: {
  status: WorkspaceStatus;
  pauseMode: PauseMode | null;
  warning: CreditWarning;
  agencyName: string;
  contact: string | null;
  resetsOn: string | null;
  autoTopup: boolean;
}): StandingInWords {
  const ask = input.contact ? `Contact ${input.agencyName} at ${input.contact}` : `Contact ${input.agencyName}, your agency`;
  const reset = input.resetsOn ? ` Your monthly credits renew on ${input.resetsOn}.` : "";
  const standing = standingOf(input.status, input.pauseMode);
  if (standing === "stopped") {
    return input.status === "suspended"
      ? {
          tone: "stopped",
          title: "Your workspace is suspended",
          detail: "Your agents don't answer and the chat widget doesn't show on your website. Nothing is deleted: conversations, sources and settings are kept.",
          todo: [`${ask} to resume it.`],
        }
      : {
          tone: "stopped",
          title: "Your workspace is paused",
          detail: "Your agents don't answer and the chat widget doesn't show on your website until your agency resumes it. Nothing is deleted.",
          todo: [`${ask} to resume it.`, "You can still read past conversations and edit your chatbots."],
        };
  }
  if (standing === "allowance-only") {
    return {
      tone: "warning",
      title: "Your workspace is on a soft pause",
      detail: `Your agents answer until this month's credits run out; top-up credits are kept for later and no new credits are added.${reset}`,
      todo: [`${ask} to resume it.`],
    };
  }
  if (input.warning === "out") {
    return {
      tone: "stopped",
      title: "You have no message credits left",
      detail: `Your agents can't answer new questions.${reset}`,
      todo: [`${ask} to add top-up credits or raise your monthly limit.`],
    };
  }
  if (input.warning === "low") {
    return {
      tone: "warning",
      title: "You are running low on message credits",
      detail: input.autoTopup
        ? `Your agency tops you up automatically when you run low.${reset}`
        : `When they run out, your agents stop answering.${reset}`,
      todo: input.autoTopup ? [] : [`${ask} to add top-up credits or raise your monthly limit.`],
    };
  }
  return { tone: "ok", title: "Your agents are answering", detail: `Everything is running.${reset}`, todo: [] };
}
