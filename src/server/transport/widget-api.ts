import { clientIp } from "@/server/kernel/security/peer-address";
import { getDb, type Db } from "@/server/kernel/db/client";
import { originAllowed } from "@/server/chatbots";
import { env } from "@/server/kernel/env";
import { isDatabaseUnavailable } from "@/server/kernel/db/unavailable";
import { AppError, toAppError } from "@/server/kernel/errors";
import { errorResponse } from "@/server/kernel/http/json-response";
import { readJsonBody } from "@/server/kernel/http/bodies";
import { assertNoNul } from "@/server/kernel/http/request-bounds";
import { loadPublicChatbot, type PublicChatbot } from "@/server/chatbots";
import { issueVisitorKey, visitorKeyFromToken } from "@/server/conversations";
import { limitWidgetRequest } from "@/server/transport/widget-rate-limit";

/**
 * The one wrapper of the public widget API (`/api/widget/{chatbot_id}/…`):
 * rate limit per IP and chatbot, the serving chatbot (404 otherwise), the
 * domain allow-list on `Origin` (403), CORS on every answer including errors,
 * and every error as `{message, errors?}`. Handlers only do their own work.
 */


export interface WidgetRequest {
  req: Request;
  chatbot: PublicChatbot;
  ip: string;
  origin: string | null;
  cors: Record<string, string>;
  /** The route's path parameters (`chatbot_id` and any other). */
  params: Record<string, string>;
}

type Params = { params: Promise<{ chatbot_id: string } & Record<string, string>> };

/**
 * The widget's per-IP limit subject: the one client-IP rule (security/
 * peer-address: the forwarded address only with TRUST_PROXY, else the TCP
 * peer serve.ts passes on). Without either (the app not behind serve.ts) every
 * request shares one subject: a header the client chooses never makes a new one.
 */
export function widgetClientIp(req: Request): string {
  return clientIp(req.headers) ?? "unknown";
}

function corsHeaders(origin: string | null): Record<string, string> {
  return origin ? { "Access-Control-Allow-Origin": origin, Vary: "Origin" } : { Vary: "Origin" };
}

function widgetError(error: unknown, cors: Record<string, string>): Response {
  const app = toAppError(error);
  if (app.status >= 500 && !isDatabaseUnavailable(error)) console.error("widget api:", error);
  return errorResponse(app, cors);
}

/** The CORS preflight: any origin may ask; the real request enforces the allow-list. */
export function widgetPreflight(methods: string): (req: Request) => Response {
  return (req) =>
    new Response(null, {
      status: 204,
      headers: {
        ...corsHeaders(req.headers.get("origin")),
        "Access-Control-Allow-Methods": `${methods}, OPTIONS`,
        "Access-Control-Allow-Headers": "Content-Type",
        "Access-Control-Max-Age": "600",
      },
    });
}

/** `load` finds the chatbot a route serves: a serving one (default); the leads route also takes a stopped one that wants leads. */
export function widgetHandler(
  handle: (w: WidgetRequest) => Promise<Response>,
  load: (db: Db, chatbotId: string) => Promise<PublicChatbot> = loadPublicChatbot,
): (req: Request, ctx: Params) => Promise<Response> {
  return async (req, ctx) => {
    const origin = req.headers.get("origin");
    const cors = corsHeaders(origin);
    try {
      const params = await ctx.params;
      const chatbotId = params.chatbot_id;
      const ip = widgetClientIp(req);
      await limitWidgetRequest(ip, chatbotId);
      const chatbot = await load(getDb(), chatbotId);
      if (!originAllowed(origin, chatbot, new URL(env().APP_URL).origin)) {
        throw new AppError("FORBIDDEN", "This website is not allowed to use this chatbot.");
      }
      return await handle({ req, chatbot, ip, origin, cors, params });
    } catch (error) {
      return widgetError(error, cors);
    }
  };
}

/**
 * The JSON object body, bounded like every body (413 past the widget API's
 * bound, kernel/http/request-bounds.maxBodyBytesFor); 422 for text holding a
 * NUL character (the REST rule), before anything is answered.
 */
export async function readWidgetBody(req: Request): Promise<Record<string, unknown>> {
  const body = await readJsonBody(req);
  assertNoNul(body);
  return body;
}
/** The visitor a body's `visitor_token` proves for this chatbot, or a new one with its token (a first message or form). */
export function widgetVisitor(chatbotId: string, token: unknown): { key: string; token: string } {
  const given = typeof token === "string" ? token : undefined;
  const known = visitorKeyFromToken(chatbotId, given);
  return known && given ? { key: known, token: given } : issueVisitorKey(chatbotId);
}
export { jsonResponse } from "@/server/kernel/http/json-response";
