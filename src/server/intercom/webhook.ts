/**
 * Intercom's webhooks for a workspace, at `/api/integrations/intercom/webhook/{team_id}`
 * (docs/decisions/119-intercom-as-the-human-side.md): `X-Hub-Signature: sha1=<HMAC-SHA1 of the raw body
 * with the app's client secret>` checked first (401 otherwise); then `conversation.admin.replied` brings
 * the team's reply to the visitor through the inbox's own path (conversations' `postAgentMessage`: live on
 * the widget, sent on a channel), once per conversation part, and `conversation.admin.closed` resolves
 * ours. A notification about a conversation we did not open, or of another topic, is ignored with a log
 * line: 200, nothing answered. Never a 500 for what Intercom sends.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { postAgentMessage, updateConversationState } from "@/server/conversations";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { AppError } from "@/server/kernel/errors";
import { isUuid } from "@/server/kernel/lib/ids";
import { openSecret } from "@/server/kernel/lib/secret-box";
import { textOfIntercomBody } from "./rules";

export interface IntercomWebhookRequest {
  headers: Headers;
  rawBody: string;
}

interface Part {
  id?: unknown;
  part_type?: unknown;
  body?: unknown;
  author?: { type?: unknown } | null;
}
interface Notification {
  id?: unknown;
  topic?: unknown;
  data?: { item?: { type?: unknown; id?: unknown; conversation_parts?: { conversation_parts?: Part[] } | null } | null } | null;
}

const OK = { status: 200, body: { ok: true } };
const ignored = (why: string) => {
  console.warn(`[intercom] webhook ignored: ${why}`);
  return { status: 200, body: { ok: true, ignored: true } };
};

export function intercomSignature(clientSecret: string, rawBody: string): string {
  return `sha1=${createHmac("sha1", clientSecret).update(rawBody).digest("hex")}`;
}

function sameSignature(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given.trim().toLowerCase());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The admin's comments of a reply notification: their part ids and text (an attachment alone has none). */
export function adminComments(notification: Notification): Array<{ id: string; text: string }> {
  const parts = notification.data?.item?.conversation_parts?.conversation_parts ?? [];
  return (Array.isArray(parts) ? parts : [])
    .filter((p) => p?.author?.type === "admin" && (p.part_type === "comment" || p.part_type === "open" || p.part_type === "assignment") && typeof p.body === "string" && typeof p.id === "string")
    .map((p) => ({ id: p.id as string, text: textOfIntercomBody(p.body as string).slice(0, 4000) }))
    .filter((p) => p.text);
}

async function ourConversation(db: Db, teamId: string, intercomConversationId: string) {
  const { rows } = await poolOf(db).query<{ conversation_id: string; chatbot_id: string }>({
    name: "intercom_our_conversation",
    text: `SELECT x.conversation_id::text, c.chatbot_id::text FROM intercom_conversations x JOIN conversations c ON c.id = x.conversation_id
            WHERE x.team_id = $1::uuid AND x.intercom_conversation_id = $2`,
    values: [teamId, intercomConversationId],
  });
  return rows[0] ?? null;
}

/** Takes a conversation part once (Intercom retries a delivery, and a notification may repeat earlier parts); false when it was taken. */
async function takePart(db: Db, teamId: string, partId: string): Promise<boolean> {
  const { rows } = await poolOf(db).query({
    name: "intercom_take_part",
    text: `INSERT INTO intercom_events (team_id, notification_id) VALUES ($1::uuid, $2) ON CONFLICT DO NOTHING RETURNING 1`,
    values: [teamId, `part:${partId}`],
  });
  return rows.length > 0;
}

async function releasePart(db: Db, teamId: string, partId: string) {
  await poolOf(db).query({ name: "intercom_release_part", text: `DELETE FROM intercom_events WHERE team_id = $1::uuid AND notification_id = $2`, values: [teamId, `part:${partId}`] });
}

export async function receiveIntercomWebhook(db: Db, teamId: string, req: IntercomWebhookRequest): Promise<{ status: number; body: unknown }> {
  const connection = isUuid(teamId) ? await db.intercomConnection.findUnique({ where: { teamId }, select: { clientSecret: true } }) : null;
  if (!connection) {
    console.warn(`[intercom] webhook for ${teamId.slice(0, 64)} refused: no Intercom connection there`);
    throw new AppError("NOT_FOUND", "No Intercom connection here.");
  }
  if (!sameSignature(req.headers.get("x-hub-signature"), intercomSignature(openSecret(connection.clientSecret), req.rawBody))) {
    console.warn(`[intercom] webhook for workspace ${teamId} refused: the X-Hub-Signature is missing or does not sign this body`);
    throw new AppError("UNAUTHENTICATED", "The X-Hub-Signature header is missing or does not sign this body.");
  }
  let notification: Notification;
  try {
    notification = JSON.parse(req.rawBody) as Notification;
  } catch {
    return ignored(`workspace ${teamId}: the body is not JSON`);
  }
  const topic = notification?.topic;
  if (topic === "ping") return OK;
  if (topic !== "conversation.admin.replied" && topic !== "conversation.admin.closed") return ignored(`workspace ${teamId}: topic ${String(topic).slice(0, 64)}`);
  const item = notification.data?.item;
  if (item?.type !== "conversation" || typeof item.id !== "string") return ignored(`workspace ${teamId}: ${topic} without a conversation`);
  const ours = await ourConversation(db, teamId, item.id);
  if (!ours) return ignored(`workspace ${teamId}: ${topic} for Intercom conversation ${item.id.slice(0, 64)}, which we did not open`);

  if (topic === "conversation.admin.closed") {
    await resolve(db, ours);
    return OK;
  }
  for (const part of adminComments(notification)) {
    if (!(await takePart(db, teamId, part.id))) continue;
    try {
      await postAgentMessage(db, ours.chatbot_id, ours.conversation_id, null, part.text);
    } catch (error) {
      // Taken back: Intercom's retry (our 5xx) brings it again.
      await releasePart(db, teamId, part.id);
      if (error instanceof AppError && error.code === "NOT_FOUND") return ignored(`conversation ${ours.conversation_id} was deleted`);
      throw error;
    }
  }
  return OK;
}

async function resolve(db: Db, ours: { conversation_id: string; chatbot_id: string }) {
  try {
    await updateConversationState(db, { id: ours.chatbot_id }, ours.conversation_id, { status: "resolved" });
  } catch (error) {
    if (!(error instanceof AppError && error.code === "NOT_FOUND")) throw error;
  }
}
