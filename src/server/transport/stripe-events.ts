import { receiveStripeEvent } from "@/server/billing";
import { getDb } from "@/server/kernel/db/client";
import { isDatabaseUnavailable } from "@/server/kernel/db/unavailable";
import { toAppError } from "@/server/kernel/errors";
import { errorResponse, jsonResponse } from "@/server/kernel/http/json-response";
import { readBoundedText } from "@/server/kernel/http/request-bounds";

type Params = { params: Promise<{ agency_id: string }> };

/**
 * Stripe's deliveries to `/api/stripe/webhook/{agency_id}`: the raw body (the signature is over its
 * bytes) within the body bound, handed to the billing capability; every error as `{message}` with its
 * status — a 5xx (Stripe unreachable while reading the object back, the database away) makes Stripe retry.
 */
export function stripeEventRoute(): (req: Request, ctx: Params) => Promise<Response> {
  return async (req, ctx) => {
    try {
      const { agency_id } = await ctx.params;
      const rawBody = await readBoundedText(req);
      const answer = await receiveStripeEvent(getDb(), agency_id, { headers: req.headers, rawBody });
      return jsonResponse(answer.status, answer.body);
    } catch (error) {
      const app = toAppError(error);
      if (app.status >= 500 && !isDatabaseUnavailable(error)) console.error("stripe event:", error);
      return errorResponse(app);
    }
  };
}
