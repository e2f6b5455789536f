import { getDb } from "@/server/kernel/db/client";
import { parseOrThrow } from "@/server/kernel/lib/validate";
import { recordWidgetFeedback, widgetFeedbackSchema } from "@/server/conversations";
import { jsonResponse, readWidgetBody, widgetHandler, widgetPreflight } from "@/server/transport/widget-api";

export const dynamic = "force-dynamic";

export const POST = widgetHandler(async ({ req, chatbot, cors }) => {
  const input = parseOrThrow(widgetFeedbackSchema, await readWidgetBody(req));
  return jsonResponse(200, await recordWidgetFeedback(getDb(), chatbot.id, input), cors);
});
export const OPTIONS = widgetPreflight("POST");
