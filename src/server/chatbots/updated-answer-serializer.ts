import { z } from "zod";
import type { UpdatedAnswer } from "@/generated/prisma/client";
import { isoMicro } from "@/server/kernel/lib/timestamps";

/** The contract's "Updated answer" (finetune). */
export const updatedAnswerSchema = z
  .object({
    id: z.string(),
    chatbot_id: z.string(),
    question: z.string(),
    suggested_answer: z.string(),
    vector_id: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "UpdatedAnswer" });

export type UpdatedAnswerJson = z.infer<typeof updatedAnswerSchema>;

export function serializeUpdatedAnswer(a: UpdatedAnswer): UpdatedAnswerJson {
  return {
    id: a.id,
    chatbot_id: a.chatbotId,
    question: a.question,
    suggested_answer: a.suggestedAnswer,
    vector_id: a.vectorId,
    created_at: isoMicro(a.createdAt),
    updated_at: isoMicro(a.updatedAt),
  };
}
