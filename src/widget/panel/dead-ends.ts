import type { PanelDeadEnd } from "@/shared/widget-wire";
import { STRINGS } from "./strings";

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
  switch (reason) {
    case "unknown":
      return { title: STRINGS.unknownTitle, body: STRINGS.unknownBody };
    case "interrupted":
      return { title: STRINGS.interruptedTitle, body: STRINGS.interruptedBody };
    case "paused":
      return { title: STRINGS.pausedTitle(name), body: STRINGS.pausedBody(leadForm) };
    case "no-credits":
      return { title: STRINGS.noCreditsTitle(name), body: STRINGS.noCreditsBody(leadForm) };
    case "unavailable":
    case "suspended":
      // Only a paused or suspended chatbot offers the form here (chatbots/panel-state.ts leadsWhenStopped).
      return { title: STRINGS.stoppedTitle(name), body: STRINGS.stoppedBody(leadForm) };
  }
}
