import type { PanelStrings } from "@/shared/widget-wire";

export { fill } from "@/shared/i18n/fill";

/**
 * Every word the panel itself writes for a visitor, in the chatbot's language (record 117): the page's data
 * carries them (the server reads them from the message catalogue, src/shared/i18n), so the panel ships no
 * catalogue. Set once, before anything is drawn (panel.ts `start`). The chatbot's own words (its name,
 * welcome message, placeholder, sources label, lead form labels, suggested messages) come with its config;
 * the server's messages (a 422's errors, a lead's thank-you) come in its language too.
 */
export const STRINGS = {} as PanelStrings;

export function setStrings(strings: PanelStrings): void {
  Object.assign(STRINGS, strings);
}
