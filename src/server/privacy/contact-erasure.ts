import type { Db } from "@/server/kernel/db/client";
import { actorOf, auditedChange, recordAudit, workspaceAuditScope } from "@/server/audit";
import { emitEvent } from "@/server/webhooks";
import { deleteInBatches } from "@/server/privacy/kept-batches";
import { contactOfChatbot } from "@/server/privacy/contact-lookup";

/** The messages of a visitor's conversations, a batch at a time (`$1` the visitor, `$2` the batch size). */
const VISITOR_MESSAGES = `
  DELETE FROM messages WHERE ctid = ANY(ARRAY(
    SELECT m.ctid FROM messages m JOIN conversations c ON c.id = m.conversation_id
     WHERE c.visitor_id = $1::uuid LIMIT $2 FOR UPDATE OF m SKIP LOCKED))`;

type Caller = Parameters<typeof actorOf>[0];

/**
 * Erases a person on request (docs/decisions/124-retention-and-a-persons-data.md): their messages in short
 * batches first (a visitor with 100k messages holds no lock for long), then, in one transaction, the
 * visitor row and with it (cascade) their conversations, what is left of their messages, their ratings,
 * their contacts and the contacts' HubSpot sync links, with the audit entry of who asked and the
 * `contact.erased` event. The analytics rollups keep what they counted. NOT_FOUND once erased.
 */
export async function eraseContact(db: Db, caller: Caller, chatbot: { id: string; name: string; teamId: string }, contactId: string) {
  const contact = await contactOfChatbot(db, chatbot.id, contactId);
  const messages = await deleteInBatches(db, VISITOR_MESSAGES, [contact.visitorId]);
  const scope = await workspaceAuditScope(db, chatbot.teamId);
  await auditedChange(db, async (tx) => {
    await tx.$executeRaw`SET LOCAL app.analytics_kept = on`;
    // Locked first: a concurrent erasure of the same contact waits here, then finds it gone.
    const [still] = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM contacts WHERE id = ${contact.id}::uuid FOR UPDATE`;
    if (!still) return;
    const conversations = await tx.conversation.count({ where: { visitorId: contact.visitorId } });
    await tx.visitor.delete({ where: { id: contact.visitorId } });
    const summary = { contact_id: contact.id, visitor_id: contact.visitorId, chatbot_id: chatbot.id, conversations, messages };
    // Who asked, and what went: ids and counts only, never the person's details.
    await recordAudit(tx, {
      agencyId: scope.agencyId,
      teamId: scope.teamId,
      actor: actorOf(caller),
      action: "contact.erased",
      target: { type: "contact", id: contact.id, name: null },
      before: null,
      after: summary,
    });
    await emitEvent(tx, { agencyId: scope.agencyId, teamId: scope.teamId, chatbotId: chatbot.id, type: "contact.erased", data: { ...summary, chatbot_name: chatbot.name } });
  });
}
