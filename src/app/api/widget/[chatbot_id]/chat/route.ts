import { issueVisitorKey, runTurn, visitorKeyFromToken } from "@/server/conversations";
import { getDb } from "@/server/kernel/db/client";
import { sseResponse } from "@/server/kernel/http/sse";
import { readWidgetBody, widgetHandler, widgetPreflight } from "@/server/transport/widget-api";

export const dynamic = "force-dynamic";

/**
 * A visitor's question (the widget and the share page): the conversation
 * engine, streamed as the REST chat streams it (`delta` frames, then `done`,
 * which also carries the `visitor_token` the widget keeps). The adapter only
 * identifies the visitor by its signed token (a new one on the first message)
 * and maps the body to the engine's input; the engine's refusals (422, 404,
 * 402, 423) are JSON errors before the first frame.
 */
export const POST = widgetHandler(async ({ req, chatbot, ip, cors }) => {
  const body = await readWidgetBody(req);
  const token = typeof body.visitor_token === "string" ? body.visitor_token : undefined;
  const knownKey = visitorKeyFromToken(chatbot.id, token);
  const visitor = knownKey ? { key: knownKey, token: token! } : issueVisitorKey(chatbot.id);
  const input = { message: body.message, conversation_id: body.conversation_id, suggestion_id: body.suggestion_id } as Parameters<typeof runTurn>[2];
  const res = await sseResponse(async (onDelta) => ({
    body: { ...(await runTurn(getDb(), { chatbot, visitorKey: visitor.key, ip, onDelta, source: body.source === "share" ? "share" : "widget" }, input)), visitor_token: visitor.token },
  }));
  for (const [name, value] of Object.entries(cors)) res.headers.set(name, value);
  return res;
});
export const OPTIONS = widgetPreflight("POST");
