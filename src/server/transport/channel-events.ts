import { receiveChannelEvent } from "@/server/channels";
import { getDb } from "@/server/kernel/db/client";
import { isDatabaseUnavailable } from "@/server/kernel/db/unavailable";
import { toAppError } from "@/server/kernel/errors";
import { errorResponse, jsonResponse } from "@/server/kernel/http/json-response";
import { readBoundedText } from "@/server/kernel/http/request-bounds";

type Params = { params: Promise<{ channel_id: string }> };

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
      const answer = await receiveChannelEvent(getDb(), channel_id, { headers: req.headers, rawBody });
      return jsonResponse(answer.status, answer.body);
    } catch (error) {
      const app = toAppError(error);
      if (app.status >= 500 && !isDatabaseUnavailable(error)) console.error("channel event:", error);
      return errorResponse(app);
    }
  };
}
