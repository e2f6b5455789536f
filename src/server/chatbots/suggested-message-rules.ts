import { z } from "zod";

/**
 * Suggested messages (docs/decisions/032-chatbot-settings-and-content.md): `message` sends its `prompt`, `link` opens
 * `action.url`. Pure: shared by the dashboard form and the procedures.
 */
export const SUGGESTED_MESSAGE_TYPES = ["message", "link"] as const;
export type SuggestedMessageType = (typeof SUGGESTED_MESSAGE_TYPES)[number];

export const SUGGESTED_MESSAGE_LIMITS = { name: 80, prompt: 1000, url: 2048, perChatbot: 20 } as const;

const isHttpUrl = (value: string) => z.url({ protocol: /^https?$/ }).safeParse(value).success;

/**
 * One flat shape for both types so a form can switch type without losing
 * what was typed; the field the type needs is required, the other ignored.
 */
export const suggestedMessageFields = z.object({
  type: z.enum(SUGGESTED_MESSAGE_TYPES),
  name: z.string().trim().min(1).max(SUGGESTED_MESSAGE_LIMITS.name),
  prompt: z.string().trim().max(SUGGESTED_MESSAGE_LIMITS.prompt).default(""),
  url: z.string().trim().max(SUGGESTED_MESSAGE_LIMITS.url).default(""),
});

/** The rules that depend on `type`; also applied to procedure inputs that add ids to the fields. */
export function refineSuggestedMessage(m: { type: SuggestedMessageType; prompt: string; url: string }, ctx: z.RefinementCtx) {
  if (m.type === "message" && m.prompt === "") {
    ctx.addIssue({ code: "custom", path: ["prompt"], message: "The {field} field is required for a message." });
  }
  if (m.type === "link") {
    if (m.url === "") ctx.addIssue({ code: "custom", path: ["url"], message: "The {field} field is required for a link." });
    else if (!isHttpUrl(m.url)) ctx.addIssue({ code: "custom", path: ["url"], message: "The {field} field must be an http:// or https:// URL." });
  }
}

export const suggestedMessageSchema = suggestedMessageFields.superRefine(refineSuggestedMessage);

export type SuggestedMessageForm = z.input<typeof suggestedMessageSchema>;
export type SuggestedMessageValues = z.output<typeof suggestedMessageSchema>;

/** The stored columns for a validated suggested message. */
export function suggestedMessageColumns(m: SuggestedMessageValues): { type: SuggestedMessageType; name: string; prompt: string; action: { url: string } | null } {
  return m.type === "link" ? { type: "link", name: m.name, prompt: "", action: { url: m.url } } : { type: "message", name: m.name, prompt: m.prompt, action: null };
}

/** `ids` with `id` moved one place up or down; unchanged at either end. Null when `id` is not in the list. */
export function moveInOrder(ids: readonly string[], id: string, direction: "up" | "down"): string[] | null {
  const from = ids.indexOf(id);
  if (from === -1) return null;
  const to = direction === "up" ? from - 1 : from + 1;
  const next = [...ids];
  if (to < 0 || to >= ids.length) return next;
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** Whether `requested` is exactly the current ids in some order (no missing, extra or repeated id). */
export function isPermutationOf(current: readonly string[], requested: readonly string[]): boolean {
  if (current.length !== requested.length) return false;
  const set = new Set(requested);
  return set.size === requested.length && current.every((id) => set.has(id));
}
