import type { PanelDeadEnd, PanelStrings } from "@/shared/widget-wire";
import { fill } from "./fill";

/**
 * What a visitor reads when the chat cannot go on (record 078), in the chatbot's voice: plain words, no
 * internal reason (billing, a pause by the agency), no link into the app. The one owner of these words:
 * the widget's panel draws them (with the strings its page's data carries) and every messaging channel
 * says them (channels' `refusalWords`, with the catalogue's strings). Pure, and free of any catalogue, so
 * the panel's bundle stays small.
 */
export interface DeadEndText {
  title: string;
  body: string;
}

export type DeadEndReason = PanelDeadEnd | "no-credits";

export function deadEndWords(strings: PanelStrings, reason: DeadEndReason, name: string | null, leadForm: boolean): DeadEndText {
  const named = (title: string) => fill(title, { name: name ?? strings.untitled });
  switch (reason) {
    case "unknown":
      return { title: strings.unknownTitle, body: strings.unknownBody };
    case "interrupted":
      return { title: strings.interruptedTitle, body: strings.interruptedBody };
    case "paused":
      return { title: named(strings.pausedTitle), body: leadForm ? strings.pausedBodyLeads : strings.pausedBody };
    case "no-credits":
      return { title: named(strings.noCreditsTitle), body: leadForm ? strings.noCreditsBodyLeads : strings.noCreditsBody };
    case "unavailable":
    case "suspended":
      // Only a paused or suspended chatbot offers the form here (chatbots/panel-state.ts leadsWhenStopped).
      return { title: named(strings.stoppedTitle), body: leadForm ? strings.stoppedBodyLeads : strings.stoppedBody };
  }
}
