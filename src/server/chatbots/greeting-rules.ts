import { greetingSchema, type Greeting } from "@/shared/widget-wire";

/**
 * The widget's proactive greeting (docs/decisions/079-proactive-greeting.md): a short message the loader shows beside the launcher after
 * `delay_seconds`, once per visitor, dismissible. Optional per chatbot (null: none). Pure: shared by the
 * settings card and the server. Its shape is one of the widget's wire shapes (src/shared/widget-wire.ts).
 */
export { GREETING_LIMITS, greetingSchema } from "@/shared/widget-wire";
export type { Greeting } from "@/shared/widget-wire";

/** The chatbot's stored greeting, or null (none, or a stored value no longer valid). */
export function greetingOf(stored: unknown): Greeting | null {
  const parsed = greetingSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
