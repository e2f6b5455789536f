import { getDb } from "@/server/kernel/db/client";
import { parseOrThrow } from "@/server/kernel/lib/validate";
import { jsonResponse, readWidgetBody, widgetHandler, widgetPreflight } from "@/server/transport/widget-api";
import { recordWidgetLinkClick, widgetLinkClickSchema } from "@/server/conversations";
import { visitorFromToken } from "@/server/conversations";

export const dynamic = "force-dynamic";

export const POST = widgetHandler(async ({ req, chatbot, cors }) => {
  const input = parseOrThrow(widgetLinkClickSchema, await readWidgetBody(req));
  const visitor = await visitorFromToken(getDb(), chatbot.id, input.visitor_token);
  const click = await recordWidgetLinkClick(getDb(), chatbot.id, { message_id: input.message_id, url: input.url, visitorId: visitor?.id ?? null });
  return jsonResponse(201, click, cors);
});
export const OPTIONS = widgetPreflight("POST");
