import { z } from "zod";
import { chatbotProcedure, createTRPCRouter } from "@/server/access";
import { answerQuestion, type AnswerResult } from "@/server/conversations/engine";
import { isoMicro } from "@/server/kernel/lib/timestamps";
import { chatAnswerSchema } from "@/server/conversations/serializer";

const optionalText = (max: number) => z.string().max(max).nullish();

export const chatInput = z.object({
  message: z.string().trim().min(1).max(4000),
  conversation_id: z.string().nullish(),
  visitor: z
    .object({
      id: z.string().trim().min(1).max(255).nullish(),
      email: z.email().max(255).nullish(),
      first_name: optionalText(255),
      last_name: optionalText(255),
      phone: optionalText(64),
      custom_data: z.unknown().optional(),
    })
    .nullish(),
  stream: z.boolean().optional().meta({ description: "true: text/event-stream with `delta` frames, then `done` carrying the answer" }),
});

export const serializeAnswer = (a: AnswerResult) => ({ ...a, message: { ...a.message, created_at: isoMicro(a.message.created_at) } });

/** The chat runtime: one answer through the metered pipeline. Members may chat too (DESIGN §10.3). */
export const chatbotChatRouter = createTRPCRouter({
  send: chatbotProcedure
    .meta({
      rest: { method: "POST", path: "/v1/{chatbot_id}/chat", summary: "Ask the chatbot a question (one message credit per answer)", idempotency: "optional", idempotentEffect: "recorded", stream: true, tags: ["Chat"] },
    })
    .input(chatInput)
    .output(chatAnswerSchema)
    .mutation(async ({ ctx, input }) =>
      serializeAnswer(
        await answerQuestion(ctx.db, {
          chatbot: ctx.chatbot,
          message: input.message,
          conversationId: input.conversation_id ?? null,
          visitor: input.visitor ?? null,
          ip: ctx.clientIp ?? null,
          onDelta: ctx.onDelta,
          idempotency: ctx.idempotency,
        }),
      ),
    ),
});
