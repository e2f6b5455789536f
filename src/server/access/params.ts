import { z } from "zod";

/*
 * The ids of the resources procedures act on, from the path. Any string: an
 * id that is not a UUID is simply not found (404), like an unknown one, never
 * a validation error (see `server/access`).
 */
export const chatbotIdParam = z.object({ chatbot_id: z.string().meta({ description: "The chatbot's id" }) });
export const clientIdParam = z.object({ client_id: z.string().meta({ description: "The client workspace's id" }) });
export const webhookIdParam = z.object({ webhook_id: z.string().meta({ description: "The webhook endpoint's id" }) });
export const teamIdParam = z.object({ team_id: z.string().meta({ description: "The team's id" }) });

/** One item of a chatbot's list (suggested message, updated answer), after `chatbotIdParam`. */
export const itemIdParam = z.object({ id: z.string() });
