import { z } from "zod";

/**
 * The chatbot id from the path. Any string: an id that is not a UUID is
 * simply not found (404), like an unknown one, never a validation error.
 */
export const chatbotIdParam = z.object({ chatbot_id: z.string().meta({ description: "The chatbot's id" }) });

/** One item of a chatbot's list (suggested message, updated answer). */
export const chatbotItemParams = chatbotIdParam.extend({ id: z.string() });
