import { z } from "zod";
import { chatbotProcedure, createTRPCRouter } from "@/server/access";
import { runTurn, turnInput, turnOutput } from "./engine";

/** `POST /v1/{chatbot_id}/chat` and the playground: the conversation engine behind a chatbot's access rule. Members may chat too. */
export const chatbotChatRouter = createTRPCRouter({
  send: chatbotProcedure
    .meta({
      rest: { method: "POST", path: "/v1/{chatbot_id}/chat", summary: "Ask the chatbot a question (one message credit per answer)", idempotency: "optional", idempotentEffect: "recorded", stream: true, tags: ["Chat"] },
    })
    .input(turnInput.extend({ stream: z.boolean().optional().meta({ description: "true: text/event-stream with `delta` frames, then `done` carrying the answer" }) }))
    .output(turnOutput)
    .mutation(({ ctx, input: { stream: _stream, ...input } }) =>
      runTurn(ctx.db, { chatbot: ctx.chatbot, visitorKey: ctx.visitorKey ?? null, source: ctx.conversationSource ?? "api", ip: ctx.clientIp ?? null, onDelta: ctx.onDelta, idempotency: ctx.idempotency }, input),
    ),
});
