/**
 * The inbox's views and the conversations that wait for a person's answer
 * (docs/decisions/121-the-inbox-for-a-support-team.md), read in one statement each time the inbox's live
 * stream says something changed. The views count what their lists show (inbox.ts, its `people` filter):
 * unread, the caller's and nobody's conversations that a person handles (waiting or human), and every open
 * one; unread and open come from the chatbot's inbox counts, kept by triggers.
 */
import { z } from "zod";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { isoMicro } from "@/server/kernel/lib/timestamps";
import { inboxCountsSql } from "./inbox-counts";

export interface InboxViews {
  counts: { unread: number; mine: number; unassigned: number; all: number };
  sla_minutes: number;
  /** Conversations whose visitor waits for a person's answer, longest wait first (at most 200). */
  awaiting: Array<{ id: string; awaiting_since: string; assignee_id: string | null }>;
}

export async function inboxViews(db: Db, chatbotId: string, userId: string): Promise<InboxViews> {
  const { rows } = await poolOf(db).query<{
    unread: number | null;
    open: number | null;
    mine: number;
    unassigned: number;
    sla_minutes: number;
    awaiting: Array<{ id: string; awaiting_since: string; assignee_id: string | null }>;
  }>({
    name: "inbox_views",
    text: `SELECT counts.unread, counts.open,
                  (SELECT count(*)::int FROM conversations c WHERE c.chatbot_id = $1::uuid AND c.status IN ('waiting', 'human') AND NOT c.archived AND c.assignee_id = $2::uuid) AS mine,
                  (SELECT count(*)::int FROM conversations c WHERE c.chatbot_id = $1::uuid AND c.status IN ('waiting', 'human') AND NOT c.archived AND c.assignee_id IS NULL) AS unassigned,
                  b.reply_sla_minutes AS sla_minutes,
                  (SELECT coalesce(json_agg(json_build_object('id', a.id, 'awaiting_since', a.awaiting_since, 'assignee_id', a.assignee_id) ORDER BY a.awaiting_since), '[]'::json)
                     FROM (SELECT c.id, c.awaiting_since, c.assignee_id FROM conversations c
                            WHERE c.chatbot_id = $1::uuid AND c.status IN ('waiting', 'human') AND c.awaiting_since IS NOT NULL AND NOT c.archived
                            ORDER BY c.awaiting_since LIMIT 200) a) AS awaiting
             FROM chatbots b CROSS JOIN ${inboxCountsSql("$1::uuid")} counts
            WHERE b.id = $1::uuid`,
    values: [chatbotId, userId],
  });
  const row = rows[0];
  return {
    counts: { unread: row?.unread ?? 0, mine: row?.mine ?? 0, unassigned: row?.unassigned ?? 0, all: row?.open ?? 0 },
    sla_minutes: row?.sla_minutes ?? 5,
    awaiting: (row?.awaiting ?? []).map((a) => ({ ...a, awaiting_since: isoMicro(new Date(a.awaiting_since)) })),
  };
}

/** A chatbot's reply SLA: a resource of its own on REST, since the contract pins the keys of `GET /v1/{chatbot_id}`. */
export const replySlaSchema = z
  .object({
    reply_sla_minutes: z.number().int().min(1).max(1440).meta({ description: "Minutes a visitor may wait for a person's answer; past it the assignee is e-mailed, one more such wait later the workspace's admins (default 5)" }),
  })
  .meta({ id: "ReplySla" });

export const replySlaOf = (chatbot: { replySlaMinutes: number }) => ({ reply_sla_minutes: chatbot.replySlaMinutes });

/** A chatbot's reply SLA in minutes (1–1440). */
export async function setReplySla(db: Db, chatbotId: string, minutes: number) {
  return replySlaOf(await db.chatbot.update({ where: { id: chatbotId }, data: { replySlaMinutes: minutes }, select: { replySlaMinutes: true } }));
}
