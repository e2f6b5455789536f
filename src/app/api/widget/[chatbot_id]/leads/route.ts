import { loadLeadTakingChatbot } from "@/server/chatbots";
import { submitLeadForm } from "@/server/conversations";
import { getDb } from "@/server/kernel/db/client";
import { jsonResponse, readWidgetBody, widgetHandler, widgetPreflight, widgetVisitor } from "@/server/transport/widget-api";

export const dynamic = "force-dynamic";

/**
 * The widget's lead form, submitted as data (docs/decisions/059-a-real-lead-form.md): `{fields: {<key>: value}, visitor_token?,
 * conversation_id?}` → 201 `{message, visitor_token}` (a thank-you); 422 with `fields.<key>` errors.
 * No chat message, no answer, no credit; a new contact fires `lead.captured` with the fields. A paused or
 * suspended chatbot whose form shows when it cannot answer still takes leads (docs/decisions/078-a-light-visitor-panel.md).
 */
export const POST = widgetHandler(async ({ req, chatbot, cors }) => {
  const body = await readWidgetBody(req);
  const visitor = widgetVisitor(chatbot.id, body.visitor_token);
  const conversationId = typeof body.conversation_id === "string" ? body.conversation_id : null;
  const result = await submitLeadForm(getDb(), chatbot, visitor.key, conversationId, body.fields);
  return jsonResponse(201, { ...result, visitor_token: visitor.token }, cors);
}, loadLeadTakingChatbot);
export const OPTIONS = widgetPreflight("POST");
