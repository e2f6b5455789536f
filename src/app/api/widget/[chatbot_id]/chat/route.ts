import { AppError } from "@/server/errors";
import { parseOrThrow } from "@/server/lib/validate";
import { widgetChatSchema } from "@/server/widget/chat";
import { readWidgetBody, widgetHandler, widgetPreflight } from "@/server/widget/http";

export const dynamic = "force-dynamic";

/**
 * WAITING FOR THE ANSWER PIPELINE (issue 10): the input is checked, then the
 * endpoint answers 503 until the answer service is merged and wired here.
 */
export const POST = widgetHandler(async ({ req }) => {
  parseOrThrow(widgetChatSchema, await readWidgetBody(req));
  throw new AppError("SERVICE_UNAVAILABLE", "Chat answers are not available yet: the answer pipeline is not wired to the widget.");
});
export const OPTIONS = widgetPreflight("POST");
