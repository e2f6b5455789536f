import { z } from "zod";
import type { ChatbotAction } from "@/generated/prisma/client";
import { isoMicro } from "@/server/kernel/lib/timestamps";
import { ACTION_METHODS } from "./rules";

/** An HTTP action as the API returns it: header names only, their (sealed) values never leave the server. */
export const chatbotActionSchema = z
  .object({
    id: z.string(),
    chatbot_id: z.string(),
    name: z.string(),
    description: z.string(),
    method: z.enum(ACTION_METHODS),
    url: z.string(),
    headers: z.array(z.object({ name: z.string() })).meta({ description: "The headers sent with each call; their values are stored sealed and never returned." }),
    parameters: z.record(z.string(), z.unknown()).meta({ description: "The arguments, as a JSON Schema object" }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "ChatbotAction" });

export type ChatbotActionJson = z.infer<typeof chatbotActionSchema>;

/** The stored headers: `[{name, value}]`, `value` sealed. */
export type StoredHeader = { name: string; value: string };

export function storedHeaders(headers: unknown): StoredHeader[] {
  return Array.isArray(headers) ? headers.filter((h): h is StoredHeader => Boolean(h) && typeof h.name === "string" && typeof h.value === "string") : [];
}

export function serializeAction(a: ChatbotAction): ChatbotActionJson {
  return {
    id: a.id,
    chatbot_id: a.chatbotId,
    name: a.name,
    description: a.description,
    method: a.method as ChatbotActionJson["method"],
    url: a.url,
    headers: storedHeaders(a.headers).map((h) => ({ name: h.name })),
    parameters: a.parameters as Record<string, unknown>,
    created_at: isoMicro(a.createdAt),
    updated_at: isoMicro(a.updatedAt),
  };
}

/** One call of an action, as the inbox shows it under the answer it served. */
export const actionCallSchema = z.object({
  id: z.string(),
  message_id: z.string().nullable(),
  action_id: z.string().nullable(),
  name: z.string(),
  request: z.object({ method: z.string(), url: z.string(), body: z.string().nullable() }),
  status: z.number().int().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
  created_at: z.string(),
}).meta({ id: "ActionCall" });

export type ActionCallJson = z.infer<typeof actionCallSchema>;
