import { z } from "zod";
import type { SuggestedMessage } from "@/generated/prisma/client";
import { isoMicro } from "@/server/kernel/lib/timestamps";
import { storedAction, suggestedMessageActionSchema } from "@/server/chatbots/suggested-message-rules";

/**
 * The contract's "Suggested message": `type` `message` (action null), `link`, `lead_form` or `handoff`, whose
 * `action` is one of the documented shapes (docs/decisions/075-suggested-message-actions.md).
 */
export const suggestedMessageSchema = z
  .object({
    id: z.string(),
    chatbot_id: z.string(),
    name: z.string(),
    prompt: z.string(),
    type: z.string(),
    action: suggestedMessageActionSchema.nullable().meta({ description: '`{type:"url",url}`, `{type:"lead_form"}`, `{type:"handoff"}` or `{type:"http",action_id}`; null for a message.' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "SuggestedMessage" });

export type SuggestedMessageJson = z.infer<typeof suggestedMessageSchema>;

export function serializeSuggestedMessage(m: SuggestedMessage): SuggestedMessageJson {
  return {
    id: m.id,
    chatbot_id: m.chatbotId,
    name: m.name,
    prompt: m.prompt,
    type: m.type,
    action: storedAction(m.action),
    created_at: isoMicro(m.createdAt),
    updated_at: isoMicro(m.updatedAt),
  };
}
