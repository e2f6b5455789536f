import { receiveChannelEvent, verifyChannelSubscription, type AnswerChannelMessage, type InboundAnswer } from "@/server/channels";
import { runTurn } from "@/server/conversations";
import { getDb } from "@/server/kernel/db/client";
import { isDatabaseUnavailable } from "@/server/kernel/db/unavailable";
import { toAppError } from "@/server/kernel/errors";
import { errorResponse, jsonResponse } from "@/server/kernel/http/json-response";
import { assertNoNul, readBoundedText } from "@/server/kernel/http/request-bounds";
import { channelTurn } from "./turn-callers";

type Params = { params: Promise<{ channel_id: string }> };

const answerOf = (answer: InboundAnswer) =>
  answer.text !== undefined ? new Response(answer.text, { status: answer.status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } }) : jsonResponse(answer.status, answer.body);

function failed(error: unknown): Response {
  const app = toAppError(error);
  if (app.status >= 500 && !isDatabaseUnavailable(error)) console.error("channel event:", error);
  return errorResponse(app);
}

/**
 * The providers' deliveries to `/api/channels/{channel_id}` (docs/decisions/069-messaging-channels.md): the
 * raw body (signatures are over its bytes) within the body bound, handed to
 * the channels capability; every error as `{message}` with its status.
 */
export function channelEventRoute(): (req: Request, ctx: Params) => Promise<Response> {
  return async (req, ctx) => {
    try {
      const { channel_id } = await ctx.params;
      const rawBody = await readBoundedText(req);
      return answerOf(await receiveChannelEvent(getDb(), channel_id, { headers: req.headers, rawBody }));
    } catch (error) {
      return failed(error);
    }
  };
}

/** WhatsApp's subscription handshake (GET with `hub.*` parameters). */
export function channelVerificationRoute(): (req: Request, ctx: Params) => Promise<Response> {
  return async (req, ctx) => {
    try {
      const { channel_id } = await ctx.params;
      return answerOf(await verifyChannelSubscription(getDb(), channel_id, new URL(req.url).searchParams));
    } catch (error) {
      return failed(error);
    }
  };
}

/**
 * A chat's message through the engine: the `channel_answer` job's engine call (channels/jobs.ts; registered
 * with the job in workers.ts). The provider's chat continues its own conversation; the text is held to the
 * rule every surface applies before the engine (a NUL is refused, so the person is told, like any refusal).
 */
export const answerChannelMessage: AnswerChannelMessage = async (db, message) => {
  const input = { message: message.text, conversation_id: message.conversationId };
  assertNoNul(input);
  return runTurn(db, { ...channelTurn(message.channelId, message.chatKey, message.turnKey), chatbot: message.chatbot }, input);
};
