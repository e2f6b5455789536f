import { z } from "zod";
import type { SuggestedMessage } from "@/generated/prisma/client";
import { isoMicro } from "@/server/kernel/lib/timestamps";

/** The contract's "Suggested message": `type` `message` or `link`; a link's `action` is `{ url }`, else null (docs/decisions/032-chatbot-settings-and-content.md). */
export const suggestedMessageSchema = z
  .object({
    id: z.string(),
    chatbot_id: z.string(),
    name: z.string(),
    prompt: z.string(),
    type: z.string(),
    action: z.object({ url: z.string() }).nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "SuggestedMessage" });

export type SuggestedMessageJson = z.infer<typeof suggestedMessageSchema>;

function actionOf(action: unknown): { url: string } | null {
  if (action && typeof action === "object" && "url" in action && typeof action.url === "string") return { url: action.url };
  return null;
}

export function serializeSuggestedMessage(m: SuggestedMessage): SuggestedMessageJson {
  return {
    id: m.id,
    chatbot_id: m.chatbotId,
    name: m.name,
    prompt: m.prompt,
    type: m.type,
    action: actionOf(m.action),
    created_at: isoMicro(m.createdAt),
    updated_at: isoMicro(m.updatedAt),
  };
}
