import type { Db } from "@/server/kernel/db/client";
import { getDb } from "@/server/kernel/db/client";
import { isDatabaseUnavailable } from "@/server/kernel/db/unavailable";
import { toAppError } from "@/server/kernel/errors";
import { errorResponse, jsonResponse } from "@/server/kernel/http/json-response";
import { readBoundedText } from "@/server/kernel/http/request-bounds";

/** A signed delivery as its capability checks it: the headers and the raw body (the signature is over its bytes). */
export interface SignedDelivery {
  headers: Headers;
  rawBody: string;
}

/**
 * A provider's signed webhook to `/api/…/{param}` (Stripe's per agency, Intercom's per workspace): the raw
 * body within the body bound, handed with the path's id to the capability that checks and takes it; every
 * error as `{message}` with its status — a 5xx (the provider unreachable while reading back, the database
 * away) makes the provider retry, and is logged under `label`.
 */
export function signedWebhookRoute<P extends string>(
  param: P,
  label: string,
  receive: (db: Db, id: string, delivery: SignedDelivery) => Promise<{ status: number; body: unknown }>,
): (req: Request, ctx: { params: Promise<Record<P, string>> }) => Promise<Response> {
  return async (req, ctx) => {
    try {
      const id = (await ctx.params)[param];
      const rawBody = await readBoundedText(req);
      const answer = await receive(getDb(), id, { headers: req.headers, rawBody });
      return jsonResponse(answer.status, answer.body);
    } catch (error) {
      const app = toAppError(error);
      if (app.status >= 500 && !isDatabaseUnavailable(error)) console.error(`${label}:`, error);
      return errorResponse(app);
    }
  };
}
