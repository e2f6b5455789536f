import { receiveIntercomWebhook } from "@/server/intercom";
import { getDb } from "@/server/kernel/db/client";
import { isDatabaseUnavailable } from "@/server/kernel/db/unavailable";
import { toAppError } from "@/server/kernel/errors";
import { errorResponse, jsonResponse } from "@/server/kernel/http/json-response";
import { readBoundedText } from "@/server/kernel/http/request-bounds";

type Params = { params: Promise<{ team_id: string }> };

/**
 * Intercom's deliveries to `/api/integrations/intercom/webhook/{team_id}`: the raw body (the signature is
 * over its bytes) within the body bound, handed to the intercom capability; every error as `{message}` with
 * its status — a 5xx (the database away) makes Intercom retry.
 */
export function intercomWebhookRoute(): (req: Request, ctx: Params) => Promise<Response> {
  return async (req, ctx) => {
    try {
      const { team_id } = await ctx.params;
      const rawBody = await readBoundedText(req);
      const answer = await receiveIntercomWebhook(getDb(), team_id, { headers: req.headers, rawBody });
      return jsonResponse(answer.status, answer.body);
    } catch (error) {
      const app = toAppError(error);
      if (app.status >= 500 && !isDatabaseUnavailable(error)) console.error("intercom webhook:", error);
      return errorResponse(app);
    }
  };
}
