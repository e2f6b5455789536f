import { poolOf, type Db } from "@/server/kernel/db/client";
import { isUuid } from "@/server/kernel/lib/ids";
import { ACCESS_FACT_COLUMNS, chatbotAccessJoins, findChatbotAccess, roleOfFacts } from "@/server/access/chatbots";

/**
 * Who may read a chatbot, asked from the chatbot's side (record 007): the
 * people the access rule (`roleIn`, on the very facts `findChatbotAccess`
 * reads for a request) gives a role in the chatbot's team. The statement only
 * gathers candidates — the team's members and the owner of its agency, the
 * only people `roleIn` can admit — and the rule decides, so a list built from
 * this (the inbox's assignees) holds exactly the people who can open the
 * chatbot. tests/integration/visibility-rule.test.ts holds it to the rule.
 */
export async function chatbotReaders(db: Db, chatbotId: string): Promise<Array<{ id: string; name: string; email: string }>> {
  if (!isUuid(chatbotId)) return [];
  const { rows } = await poolOf(db).query<{ reader_id: string; reader_name: string; reader_email: string }>({
    name: "access_chatbot_readers",
    text: `SELECT u.id::text AS reader_id, u.name AS reader_name, u.email AS reader_email, ${ACCESS_FACT_COLUMNS}
             FROM chatbots c JOIN teams ct ON ct.id = c.team_id
             JOIN users u ON u.id IN (SELECT cm.user_id FROM memberships cm WHERE cm.team_id = ct.id
                                      UNION SELECT ca.owner_id FROM teams ca WHERE ca.id = ct.agency_id)
             ${chatbotAccessJoins("u.id")}
            WHERE c.id = $1::uuid AND c.deleted_at IS NULL AND ct.deleted_at IS NULL
            ORDER BY u.name, u.email`,
    values: [chatbotId],
  });
  return rows.flatMap((r) => (roleOfFacts(r.reader_id, r) ? [{ id: r.reader_id, name: r.reader_name, email: r.reader_email }] : []));
}

/** Whether `userId` may read the chatbot: the look-up every chatbot-scoped request starts with. */
export async function mayReadChatbot(db: Db, chatbotId: string, userId: string): Promise<boolean> {
  return isUuid(userId) && (await findChatbotAccess(db, userId, chatbotId)) !== null;
}
