import { loadLeadTakingChatbot } from "@/server/chatbots";
import { issueVisitorKey, submitLeadForm, visitorKeyFromToken } from "@/server/conversations";
import { getDb } from "@/server/kernel/db/client";
import { jsonResponse, readWidgetBody, widgetHandler, widgetPreflight } from "@/server/transport/widget-api";

export const dynamic = "force-dynamic";

/**
 * The widget's lead form, submitted as data (issue 23): `{fields: {<key>: value}, visitor_token?,
 * conversation_id?}` → 201 `{message, visitor_token}` (a thank-you); 422 with `fields.<key>` errors.
 * No chat message, no answer, no credit; a new contact fires `lead.captured` with the fields. A paused or
 * suspended chatbot whose form shows when it cannot answer still takes leads (docs/decisions/078-a-light-visitor-panel.md).
 */
export const POST = widgetHandler(async ({ req, chatbot, cors }) => {
  const body = await readWidgetBody(req);
  const token = typeof body.visitor_token === "string" ? body.visitor_token : undefined;
  const knownKey = visitorKeyFromToken(chatbot.id, token);
  const visitor = knownKey ? { key: knownKey, token: token! } : issueVisitorKey(chatbot.id);
  const conversationId = typeof body.conversation_id === "string" ? body.conversation_id : null;
  const result = await submitLeadForm(getDb(), chatbot, visitor.key, conversationId, body.fields);
  return jsonResponse(201, { ...result, visitor_token: visitor.token }, cors);
}, loadLeadTakingChatbot);
export const OPTIONS = widgetPreflight("POST");
