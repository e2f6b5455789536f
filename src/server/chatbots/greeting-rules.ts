import { z } from "zod";

/**
 * The widget's proactive greeting (issue 27): a short message the loader shows beside the launcher after
 * `delay_seconds`, once per visitor, dismissible. Optional per chatbot (null: none). Pure: shared by the
 * settings card and the server.
 */
export const GREETING_LIMITS = { message: 160, delay: { min: 1, max: 120 } } as const;

export const greetingSchema = z.object({
  message: z.string().trim().min(1, "Write the greeting, or switch it off.").max(GREETING_LIMITS.message),
  delay_seconds: z.number().int().min(GREETING_LIMITS.delay.min).max(GREETING_LIMITS.delay.max),
});
export type Greeting = z.infer<typeof greetingSchema>;

/** The chatbot's stored greeting, or null (none, or a stored value no longer valid). */
export function greetingOf(stored: unknown): Greeting | null {
  const parsed = greetingSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
