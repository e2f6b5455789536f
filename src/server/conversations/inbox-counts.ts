/**
 * A chatbot's inbox counts (migration 20261125110000_inbox_counts): `total`,
 * `open` (not archived) and `unread` (open and unread) conversations, and
 * `contacts` (migration 20261128000128_contact_counts), kept by
 * triggers on conversations and contacts in several rows per chatbot, summed here. A
 * one-row subquery for FROM or LATERAL; `chatbot` is the SQL of the chatbot's
 * id (`c.id`, `$1::uuid`).
 */
export function inboxCountsSql(chatbot: string): string {
  return `(SELECT coalesce(sum(n.total), 0)::int AS total, coalesce(sum(n.open), 0)::int AS open, coalesce(sum(n.unread), 0)::int AS unread,
                  coalesce(sum(n.contacts), 0)::int AS contacts
             FROM chatbot_inbox_counts n WHERE n.chatbot_id = ${chatbot})`;
}
