import { runTurn } from "@/server/conversations";
import { getDb } from "@/server/kernel/db/client";
import { sseResponse } from "@/server/kernel/http/sse";
import { visitorTurn } from "./turn-callers";
import { readWidgetBody, widgetHandler, widgetVisitor } from "./widget-api";

/**
 * A visitor's question (`POST /api/widget/{chatbot_id}/chat`, from the widget and the share page): the
 * conversation engine, streamed as the REST chat streams it (`delta` frames, then `done`, which also carries
 * the `visitor_token` the widget keeps). The adapter identifies the visitor by its signed token (a new one on
 * the first message) and maps the body to the engine's input; the engine's refusals (422, 404, 402, 423) are
 * JSON errors before the first frame.
 */
export const widgetChat = widgetHandler(async ({ req, chatbot, ip, cors }) => {
  const body = await readWidgetBody(req);
  const visitor = widgetVisitor(chatbot.id, body.visitor_token);
  const page = body.source === "share" ? "share" : "widget";
  const input = { message: body.message, conversation_id: body.conversation_id, suggestion_id: body.suggestion_id };
  const res = await sseResponse(async (onDelta) => ({
    body: { ...(await runTurn(getDb(), { ...visitorTurn(page, visitor.key, ip, onDelta), chatbot }, input)), visitor_token: visitor.token },
  }));
  for (const [name, value] of Object.entries(cors)) res.headers.set(name, value);
  return res;
});
