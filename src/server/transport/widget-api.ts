import { clientIp } from "@/server/kernel/security/peer-address";
import { getDb } from "@/server/kernel/db/client";
import { originAllowed } from "@/server/chatbots";
import { env } from "@/server/kernel/env";
import { isDatabaseUnavailable } from "@/server/kernel/db/unavailable";
import { AppError, databaseUnavailable } from "@/server/kernel/errors";
import { readJsonBody } from "@/server/kernel/http/bodies";
import { assertNoNul } from "@/server/kernel/http/request-bounds";
import { loadPublicChatbot, type PublicChatbot } from "@/server/chatbots";
import { limitWidgetRequest } from "@/server/transport/widget-rate-limit";

/**
 * The one wrapper of the public widget API (`/api/widget/{chatbot_id}/…`):
 * rate limit per IP and chatbot, the serving chatbot (404 otherwise), the
 * domain allow-list on `Origin` (403), CORS on every answer including errors,
 * and every error as `{message, errors?}`. Handlers only do their own work.
 */

export const MAX_WIDGET_BODY_BYTES = 64 * 1024;

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

export function jsonResponse(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", ...headers },
  });
}

function errorResponse(error: unknown, cors: Record<string, string>): Response {
  const app = error instanceof AppError ? error : isDatabaseUnavailable(error) ? databaseUnavailable() : null;
  if (app) return jsonResponse(app.body(), app.status, { ...cors, ...app.headers });
  console.error("widget api:", error);
  return jsonResponse({ message: "Something went wrong on our side. Please try again." }, 500, cors);
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

export function widgetHandler(handle: (w: WidgetRequest) => Promise<Response>): (req: Request, ctx: Params) => Promise<Response> {
  return async (req, ctx) => {
    const origin = req.headers.get("origin");
    const cors = corsHeaders(origin);
    try {
      const params = await ctx.params;
      const chatbotId = params.chatbot_id;
      const ip = widgetClientIp(req);
      await limitWidgetRequest(ip, chatbotId);
      const chatbot = await loadPublicChatbot(getDb(), chatbotId);
      if (!originAllowed(origin, chatbot, new URL(env().APP_URL).origin)) {
        throw new AppError("FORBIDDEN", "This website is not allowed to use this chatbot.");
      }
      return await handle({ req, chatbot, ip, origin, cors, params });
    } catch (error) {
      return errorResponse(error, cors);
    }
  };
}

/**
 * The JSON object body, bounded: 413 past MAX_WIDGET_BODY_BYTES; 422 for text
 * holding a NUL character (the REST rule), before anything is answered.
 */
export async function readWidgetBody(req: Request): Promise<Record<string, unknown>> {
  const length = Number(req.headers.get("content-length") ?? 0);
  if (length > MAX_WIDGET_BODY_BYTES) throw new AppError("PAYLOAD_TOO_LARGE");
  const body = await readJsonBody(req);
  assertNoNul(body);
  return body;
}
