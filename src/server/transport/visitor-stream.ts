import { openVisitorStream, visitorKeyFromToken } from "@/server/conversations";
import { getDb } from "@/server/kernel/db/client";
import { widgetHandler } from "@/server/transport/widget-api";

/**
 * The visitor's live stream of a conversation (docs/decisions/056-live-updates-through-listen-notify.md): an agent's messages
 * (`event: message`), the conversation's status (`event: status`) and, while it
 * waits for a person, whether anyone is around (`event: availability`), across
 * app processes. The visitor token comes as `Authorization: Bearer …` or, for
 * EventSource (which cannot send headers), `?visitor_token=`; another
 * visitor's or an unknown conversation is 404. A reconnect's `Last-Event-ID`
 * (or `?last_event_id=`) gets the messages it missed.
 *
 * Served by the front server itself (scripts/serve.ts) ahead of Next: an idle
 * stream is held for minutes or hours, and Next keeps its per-request objects
 * for as long as a response streams (docs/performance.md, handoff). The Next
 * route answers the same handler for the dev server and anything else that
 * reaches it.
 */
export const visitorStream = widgetHandler(async ({ req, chatbot, cors, params }) => {
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

/** `/api/widget/{chatbot_id}/conversations/{conversation_id}/stream`: its parameters, or null. */
export function visitorStreamParams(pathname: string): { chatbot_id: string; conversation_id: string } | null {
  const match = /^\/api\/widget\/([^/]+)\/conversations\/([^/]+)\/stream$/.exec(pathname);
  if (!match) return null;
  try {
    return { chatbot_id: decodeURIComponent(match[1]!), conversation_id: decodeURIComponent(match[2]!) };
  } catch {
    return null;
  }
}
