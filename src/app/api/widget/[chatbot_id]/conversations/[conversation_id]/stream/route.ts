import { openVisitorStream, visitorKeyFromToken } from "@/server/conversations";
import { getDb } from "@/server/kernel/db/client";
import { widgetHandler, widgetPreflight } from "@/server/transport/widget-api";

export const dynamic = "force-dynamic";

/**
 * The visitor's live stream of a conversation (issue 23): an agent's messages
 * (`event: message`), the conversation's status (`event: status`) and, while it
 * waits for a person, whether anyone is around (`event: availability`), across
 * app processes. The visitor token comes as `Authorization: Bearer …` or, for
 * EventSource (which cannot send headers), `?visitor_token=`; another
 * visitor's or an unknown conversation is 404. A reconnect's `Last-Event-ID`
 * (or `?last_event_id=`) gets the messages it missed.
 */
export const GET = widgetHandler(async ({ req, chatbot, cors, params }) => {
  const url = new URL(req.url);
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization") ?? "")?.[1];
  const token = bearer ?? url.searchParams.get("visitor_token") ?? undefined;
  return openVisitorStream(getDb(), {
    chatbotId: chatbot.id,
    teamId: chatbot.teamId,
    conversationId: params.conversation_id ?? "",
    visitorKey: visitorKeyFromToken(chatbot.id, token),
    lastEventId: req.headers.get("last-event-id") ?? url.searchParams.get("last_event_id"),
    signal: req.signal,
    headers: cors,
  });
});
export const OPTIONS = widgetPreflight("GET");
