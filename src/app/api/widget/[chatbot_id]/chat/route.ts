import { answerQuestion } from "@/server/conversations";
import { serializeAnswer } from "@/server/conversations";
import { getDb } from "@/server/kernel/db/client";
import { parseOrThrow } from "@/server/kernel/lib/validate";
import { sseResponse } from "@/server/kernel/http/sse";
import { widgetChatSchema } from "@/server/conversations";
import { readWidgetBody, widgetHandler, widgetPreflight } from "@/server/transport/widget-api";
import { issueVisitorKey, ownConversationId, visitorKeyFromToken } from "@/server/conversations";

export const dynamic = "force-dynamic";

/**
 * A visitor's question through the one answer pipeline (issue 10), streamed
 * as the REST chat streams it (`delta` frames, then `done`); `done` also
 * carries the `visitor_token` the widget keeps. Refusals (402 no credits,
 * 423 paused) are JSON errors before the first frame.
 */
export const POST = widgetHandler(async ({ req, chatbot, ip, cors }) => {
  const input = parseOrThrow(widgetChatSchema, await readWidgetBody(req));
  const db = getDb();
  const knownKey = visitorKeyFromToken(chatbot.id, input.visitor_token);
  const visitor = knownKey ? { key: knownKey, token: input.visitor_token! } : issueVisitorKey(chatbot.id);
  const conversationId = knownKey ? await ownConversationId(db, chatbot.id, knownKey, input.conversation_id) : null;
  const res = await sseResponse(async (onDelta) => {
    const answer = await answerQuestion(db, { chatbot, message: input.message, conversationId, visitor: { id: visitor.key }, ip, onDelta });
    return { body: { ...serializeAnswer(answer), visitor_token: visitor.token } };
  });
  for (const [name, value] of Object.entries(cors)) res.headers.set(name, value);
  return res;
});
export const OPTIONS = widgetPreflight("POST");
