import { getDb } from "@/server/db/client";
import { parseOrThrow } from "@/server/lib/validate";
import { recordWidgetFeedback, widgetFeedbackSchema } from "@/server/widget/feedback";
import { jsonResponse, readWidgetBody, widgetHandler, widgetPreflight } from "@/server/widget/http";

export const dynamic = "force-dynamic";

export const POST = widgetHandler(async ({ req, chatbot, cors }) => {
  const input = parseOrThrow(widgetFeedbackSchema, await readWidgetBody(req));
  return jsonResponse(await recordWidgetFeedback(getDb(), chatbot.id, input), 200, cors);
});
export const OPTIONS = widgetPreflight("POST");
