import { recordRating, visitorKeyFromToken, widgetRatingSchema } from "@/server/conversations";
import { getDb } from "@/server/kernel/db/client";
import { parseOrThrow } from "@/server/kernel/lib/validate";
import { jsonResponse, readWidgetBody, widgetHandler, widgetPreflight } from "@/server/transport/widget-api";

export const dynamic = "force-dynamic";

/**
 * The visitor rates a resolved conversation (docs/decisions/122-business-hours-routing-and-ratings.md):
 * `{visitor_token, score 1–5, comment?}`. 200 with the rating; again: replaces it (200); 404 for a
 * conversation that is not this visitor's; 409 while it is not resolved; 422 naming the field.
 */
export const POST = widgetHandler(async ({ req, chatbot, cors, params }) => {
  const input = parseOrThrow(widgetRatingSchema, await readWidgetBody(req));
  const rating = await recordRating(getDb(), chatbot, params.conversation_id ?? "", visitorKeyFromToken(chatbot.id, input.visitor_token), input);
  return jsonResponse(200, rating, cors);
});
export const OPTIONS = widgetPreflight("POST");
