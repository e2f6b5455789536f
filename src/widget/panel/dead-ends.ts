import type { PanelDeadEnd } from "@/shared/widget-wire";
import { deadEndWords, type DeadEndText } from "@/shared/i18n/dead-ends";
import { STRINGS } from "./strings";

export type { DeadEndText };

/** The panel's dead ends (record 078) in the words its page's data carries; the words' one owner is src/shared/i18n/dead-ends.ts. */
export function deadEndText(reason: PanelDeadEnd | "no-credits", name: string | null, leadForm: boolean): DeadEndText {
  return deadEndWords(STRINGS, reason, name, leadForm);
}
