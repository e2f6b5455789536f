/**
 * Saved replies' rules (docs/decisions/121-the-inbox-for-a-support-team.md), shared by the server and
 * the inbox's reply box: the shortcut's shape, the variables a body may use, and filling them in.
 */

/** A shortcut is typed after `/`: lowercase letters, digits and dashes, starting with a letter or digit. */
export const SHORTCUT_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;
export const SAVED_REPLY_BODY_MAX = 4000;

/** The variables a body may use, and what each is filled with. */
export const SAVED_REPLY_VARIABLES = ["visitor_first_name", "visitor_name", "chatbot_name", "agent_first_name", "agent_name"] as const;
export type SavedReplyVariable = (typeof SAVED_REPLY_VARIABLES)[number];
export type SavedReplyValues = Partial<Record<SavedReplyVariable, string | null>>;

const VARIABLE = /\{([^{}\s]*)\}/g;

/** The `{names}` a body uses that are not variables (each once, in order). */
export function unknownVariables(body: string): string[] {
  const known = new Set<string>(SAVED_REPLY_VARIABLES);
  const unknown = [...body.matchAll(VARIABLE)].map((m) => m[1] ?? "").filter((name) => !known.has(name));
  return [...new Set(unknown)];
}

/** When a value is unknown (a visitor who left no name), a word that still reads well. */
const FALLBACKS: Record<SavedReplyVariable, string> = {
  visitor_first_name: "there",
  visitor_name: "there",
  chatbot_name: "our assistant",
  agent_first_name: "our team",
  agent_name: "our team",
};

/** The body with every variable filled (a blank value takes its fallback). */
export function fillSavedReply(body: string, values: SavedReplyValues): string {
  return body.replace(VARIABLE, (whole, name: string) => {
    if (!(SAVED_REPLY_VARIABLES as readonly string[]).includes(name)) return whole;
    const value = values[name as SavedReplyVariable]?.trim();
    return value ? value : FALLBACKS[name as SavedReplyVariable];
  });
}

export const firstName = (name: string | null | undefined) => name?.trim().split(/\s+/)[0] ?? "";

/** The saved replies whose shortcut starts with what follows the `/` (all of them for a bare `/`), shortest first. */
export function matchingShortcuts<T extends { shortcut: string }>(replies: T[], typed: string): T[] {
  const prefix = typed.toLowerCase();
  return replies.filter((r) => r.shortcut.startsWith(prefix)).sort((a, b) => a.shortcut.length - b.shortcut.length || a.shortcut.localeCompare(b.shortcut));
}

/** The `/word` being typed at the caret, if the draft's current word is one: its start and the text after `/`. */
export function slashQuery(draft: string, caret: number): { start: number; typed: string } | null {
  const before = draft.slice(0, caret);
  const match = /(?:^|\s)\/([a-z0-9-]*)$/i.exec(before);
  if (!match) return null;
  return { start: caret - match[1]!.length - 1, typed: match[1]! };
}
