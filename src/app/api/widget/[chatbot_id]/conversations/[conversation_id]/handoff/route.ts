import { requestPerson, visitorKeyFromToken } from "@/server/conversations";
import { getDb } from "@/server/kernel/db/client";
import { jsonResponse, readWidgetBody, widgetHandler, widgetPreflight } from "@/server/transport/widget-api";

export const dynamic = "force-dynamic";

/**
 * The visitor asks for a person (the widget's button, docs/decisions/058-asking-for-a-person.md): the
 * conversation waits for one (with escalations on: an escalation, its e-mail
 * and `escalation.created`, as when the rules recognise the request). Answers
 * `{status, agents_available}`: when nobody who may reply has had the inbox
 * open lately, the widget says so and offers the lead form.
 */
export const POST = widgetHandler(async ({ req, chatbot, cors, params }) => {
  const body = await readWidgetBody(req);
  const token = typeof body.visitor_token === "string" ? body.visitor_token : undefined;
  const result = await requestPerson(getDb(), chatbot, params.conversation_id ?? "", visitorKeyFromToken(chatbot.id, token));
  return jsonResponse(200, result, cors);
});
export const OPTIONS = widgetPreflight("POST");
