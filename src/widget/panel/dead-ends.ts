import type { PanelDeadEnd } from "@/shared/widget-wire";
import { fill, STRINGS } from "./strings";

/**
 * What a visitor reads when the chat cannot go on (record 078), in the chatbot's voice: plain words, no
 * internal reason (billing, a pause by the agency), no link into the app. Pure; the panel shows them and
 * their unit test holds them free of links.
 */
export interface DeadEndText {
  title: string;
  body: string;
}

export function deadEndText(reason: PanelDeadEnd | "no-credits", name: string | null, leadForm: boolean): DeadEndText {
  const named = (title: string) => fill(title, { name: name ?? STRINGS.untitled });
  switch (reason) {
    case "unknown":
      return { title: STRINGS.unknownTitle, body: STRINGS.unknownBody };
    case "interrupted":
      return { title: STRINGS.interruptedTitle, body: STRINGS.interruptedBody };
    case "paused":
      return { title: named(STRINGS.pausedTitle), body: leadForm ? STRINGS.pausedBodyLeads : STRINGS.pausedBody };
    case "no-credits":
      return { title: named(STRINGS.noCreditsTitle), body: leadForm ? STRINGS.noCreditsBodyLeads : STRINGS.noCreditsBody };
    case "unavailable":
    case "suspended":
      // Only a paused or suspended chatbot offers the form here (chatbots/panel-state.ts leadsWhenStopped).
      return { title: named(STRINGS.stoppedTitle), body: leadForm ? STRINGS.stoppedBodyLeads : STRINGS.stoppedBody };
  }
}
