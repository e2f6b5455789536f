/**
 * What a channel says when its chatbot cannot answer — switched off, its workspace paused or suspended, out
 * of credits — in the chatbot's voice and language: the widget's dead-end words (record 078, one owner:
 * src/shared/i18n/dead-ends.ts), with the lead form's prompt when the chatbot wants leads then, and never an
 * internal reason. Every channel (Telegram, WhatsApp, Slack, Teams …) calls this one function.
 */
import type { Chatbot } from "@/generated/prisma/client";
import { leadFormOf } from "@/server/conversations";
import { deadEndWords, type DeadEndReason } from "@/shared/i18n/dead-ends";
import { messagesFor } from "@/shared/i18n/messages";

export interface WorkspaceStanding {
  status: string;
  pauseMode: string | null;
}

/** Why, from the same facts the widget reads (chatbots' `deadEndOf`); a soft pause answers as out of credits, as on the widget. */
export function refusalReason(chatbot: Pick<Chatbot, "enabled">, workspace: WorkspaceStanding): DeadEndReason {
  if (!chatbot.enabled) return "unavailable";
  if (workspace.status === "suspended") return "suspended";
  if (workspace.status === "paused" && workspace.pauseMode !== "soft") return "paused";
  return "no-credits";
}

/** The words, as one message: the dead end's title, then its body. */
export function refusalWords(chatbot: Pick<Chatbot, "enabled" | "name" | "defaultLanguage" | "leadForm">, workspace: WorkspaceStanding): string {
  const reason = refusalReason(chatbot, workspace);
  // A switched-off chatbot never takes leads (record 078); otherwise the form's "when it cannot answer" flag decides.
  const leads = reason !== "unavailable" && leadFormOf(chatbot.leadForm, chatbot.defaultLanguage).on_no_credits;
  const words = deadEndWords(messagesFor(chatbot.defaultLanguage).panel, reason, chatbot.name || null, leads);
  return `${words.title}\n\n${words.body}`;
}
