import { z } from "zod";
import { chatbotProcedure, createTRPCRouter } from "@/server/access";
import { runTurn, turnInput, turnOutput, type TurnSurface } from "./engine";

declare module "@/server/access" {
  interface CallSurface {
    /** The REST chat's or the playground's part of the turn, built by its transport (transport/turn-callers.ts). */
    turn: TurnSurface;
  }
}

/**
 * `POST /v1/{chatbot_id}/chat` and the playground: the conversation engine behind a chatbot's access rule
 * (members may chat too), with the caller its transport built; none (a dashboard tRPC call): an API caller.
 */
export const chatbotChatRouter = createTRPCRouter({
  send: chatbotProcedure
    .meta({
      rest: { method: "POST", path: "/v1/{chatbot_id}/chat", summary: "Ask the chatbot a question (one message credit per answer)", idempotency: "optional", idempotentEffect: "recorded", stream: true, tags: ["Chat"] },
    })
    .input(turnInput.extend({ stream: z.boolean().optional().meta({ description: "true: text/event-stream with `delta` frames, then `done` carrying the answer" }) }))
    .output(turnOutput)
    .mutation(({ ctx, input: { stream: _stream, ...input } }) => runTurn(ctx.db, { ...ctx.surface?.turn, chatbot: ctx.chatbot }, input)),
});
