import { z } from "zod";

/**
 * Suggested messages (docs/decisions/032-chatbot-settings-and-content.md, docs/decisions/075-suggested-message-actions.md):
 * `message` sends its `prompt`; the other types are buttons whose `action` says what they do — `link` opens
 * `{type:"url",url}`, `lead_form` opens the lead form, `handoff` asks for a person, `http` calls one of the
 * chatbot's HTTP actions `{type:"http",action_id}` without an LLM. Pure: shared by the dashboard form and the procedures.
 */
export const SUGGESTED_MESSAGE_TYPES = ["message", "link", "lead_form", "handoff", "http"] as const;
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
  /** An `http` button's action (that it is this chatbot's, callable without arguments, is checked on write). */
  action_id: z.string().trim().max(64).default(""),
});

/** The rules that depend on `type`; also applied to procedure inputs that add ids to the fields. */
export function refineSuggestedMessage(m: { type: SuggestedMessageType; prompt: string; url: string; action_id: string }, ctx: z.RefinementCtx) {
  if (m.type === "http" && m.action_id === "") ctx.addIssue({ code: "custom", path: ["action_id"], message: "The {field} field is required for an HTTP action button." });
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

/**
 * The documented shape of a non-null `action` (docs/decisions/075-suggested-message-actions.md): what is stored is
 * what the read API returns. `{type:"http", action_id}` names one of the chatbot's HTTP actions.
 */
export const suggestedMessageActionSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("url"), url: z.string() }),
  z.object({ type: z.literal("lead_form") }),
  z.object({ type: z.literal("handoff") }),
  z.object({ type: z.literal("http"), action_id: z.string() }),
]);

export type SuggestedMessageAction = z.infer<typeof suggestedMessageActionSchema>;

/** The stored action of a row; null for a message (or a row that does not hold the documented shape). */
export function storedAction(action: unknown): SuggestedMessageAction | null {
  const parsed = suggestedMessageActionSchema.safeParse(action);
  return parsed.success ? parsed.data : null;
}

/**
 * The stored columns for a validated suggested message. A button's `prompt` is what the visitor is shown to have
 * sent when it needs a conversation first (handoff, http); a link's is empty.
 */
export function suggestedMessageColumns(m: SuggestedMessageValues): { type: SuggestedMessageType; name: string; prompt: string; action: SuggestedMessageAction | null } {
  switch (m.type) {
    case "link":
      return { type: "link", name: m.name, prompt: "", action: { type: "url", url: m.url } };
    case "lead_form":
      return { type: "lead_form", name: m.name, prompt: "", action: { type: "lead_form" } };
    case "handoff":
      return { type: "handoff", name: m.name, prompt: m.prompt || m.name, action: { type: "handoff" } };
    case "http":
      return { type: "http", name: m.name, prompt: m.prompt || m.name, action: { type: "http", action_id: m.action_id } };
    default:
      return { type: "message", name: m.name, prompt: m.prompt, action: null };
  }
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
