import { receiveChannelEvent, verifyChannelSubscription, type InboundAnswer } from "@/server/channels";
import { getDb } from "@/server/kernel/db/client";
import { isDatabaseUnavailable } from "@/server/kernel/db/unavailable";
import { toAppError } from "@/server/kernel/errors";
import { errorResponse, jsonResponse } from "@/server/kernel/http/json-response";
import { readBoundedText } from "@/server/kernel/http/request-bounds";

type Params = { params: Promise<{ channel_id: string }> };

const answerOf = (answer: InboundAnswer) =>
  answer.text !== undefined ? new Response(answer.text, { status: answer.status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } }) : jsonResponse(answer.status, answer.body);

function failed(error: unknown): Response {
  const app = toAppError(error);
  if (app.status >= 500 && !isDatabaseUnavailable(error)) console.error("channel event:", error);
  return errorResponse(app);
}

/**
 * The providers' deliveries to `/api/channels/{channel_id}` (issue 24): the
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
