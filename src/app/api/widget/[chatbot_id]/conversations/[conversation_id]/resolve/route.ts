import { resolveByVisitor, visitorKeyFromToken } from "@/server/conversations";
import { getDb } from "@/server/kernel/db/client";
import { jsonResponse, readWidgetBody, widgetHandler, widgetPreflight } from "@/server/transport/widget-api";

export const dynamic = "force-dynamic";

/**
 * "That answered my question" (docs/decisions/122-business-hours-routing-and-ratings.md): the visitor
 * resolves their conversation with the bot; the widget then asks for a rating. `{status}`; 404 for a
 * conversation that is not this visitor's; a conversation with a person stays theirs (409).
 */
export const POST = widgetHandler(async ({ req, chatbot, cors, params }) => {
  const body = await readWidgetBody(req);
  const token = typeof body.visitor_token === "string" ? body.visitor_token : undefined;
  return jsonResponse(200, await resolveByVisitor(getDb(), chatbot.id, params.conversation_id ?? "", visitorKeyFromToken(chatbot.id, token)), cors);
});
export const OPTIONS = widgetPreflight("POST");
