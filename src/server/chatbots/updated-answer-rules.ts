import { z } from "zod";

/** Updated answers (finetunes): a question and the answer the chatbot gives to it. Shared by form and procedures. */
export const UPDATED_ANSWER_LIMITS = { question: 1000, suggestedAnswer: 5000 } as const;

export const updatedAnswerSchema = z.object({
  question: z.string().trim().min(1).max(UPDATED_ANSWER_LIMITS.question),
  suggested_answer: z.string().trim().min(1).max(UPDATED_ANSWER_LIMITS.suggestedAnswer),
});

export type UpdatedAnswerForm = z.input<typeof updatedAnswerSchema>;
