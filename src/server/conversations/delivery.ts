/**
 * A reply a messaging channel could not deliver after its retries (docs/decisions/069-messaging-channels.md):
 * kept on the message and shown on the conversation in the inbox, which is
 * told live (the same NOTIFY as any change of the conversation).
 */
import { poolOf, type Db } from "@/server/kernel/db/client";
import { LIVE_CHANNEL } from "./live";

export async function recordDeliveryFailure(db: Db, messageId: string, error: string): Promise<void> {
  await poolOf(db).query({
    name: "delivery_failure",
    text: `WITH m AS (UPDATE messages SET delivery_error = $2 WHERE id = $1::uuid RETURNING id, conversation_id, chatbot_id, role)
           SELECT pg_notify('${LIVE_CHANNEL}', json_build_object('chatbot_id', m.chatbot_id::text, 'conversation_id', m.conversation_id::text,
                            'kind', 'message', 'message_id', m.id::text, 'role', m.role)::text) FROM m`,
    values: [messageId, error.slice(0, 1000)],
  });
}
