import { poolOf, type Db } from "@/server/kernel/db/client";

/**
 * What the analytics result does not split, for the value report (docs/analytics.md, "Breakdown"): the
 * same conversations of the period (started in it, archived or not) by UTC hour of the day, by where they
 * started (the conversation's `source`; a messaging channel by its kind), how many a person was asked for
 * or took part in, and how many the bot answered alone (at least one answered question, no person). The
 * hours add up to `totalConversations` of the analytics result for the same period (a test holds them).
 */
export interface ConversationBreakdown {
  /** 24 entries: conversations started in each UTC hour. */
  byHour: number[];
  /** Conversations per surface: widget, share, playground, api, or the channel's kind (telegram, whatsapp, slack). */
  bySource: Record<string, number>;
  /** Conversations a person was asked for (an escalation) or took part in (an agent's reply, or a status other than the bot's). */
  handedToPerson: number;
  /** Conversations with at least one answered question and no person in them. */
  answeredByBot: number;
}

const BREAKDOWN = `
  WITH c AS (
    SELECT v.id, v.source, v.status, v.answered_count, extract(hour FROM v.created_at AT TIME ZONE 'UTC')::int AS hour,
           (v.status <> 'bot'
             OR EXISTS (SELECT 1 FROM escalations e WHERE e.conversation_id = v.id)
             OR EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = v.id AND m.role = 'agent')) AS person
      FROM conversations v
     WHERE v.chatbot_id = $1::uuid
       AND v.created_at >= ($2::date)::timestamp AT TIME ZONE 'UTC'
       AND v.created_at < ($3::date + 1)::timestamp AT TIME ZONE 'UTC'
  )
  SELECT (SELECT coalesce(json_agg(json_build_array(hour, n)), '[]'::json) FROM (SELECT hour, count(*)::int AS n FROM c GROUP BY hour) h) AS hours,
         (SELECT coalesce(json_object_agg(source, n), '{}'::json)
            FROM (SELECT coalesce(ch.kind, c.source) AS source, count(*)::int AS n
                    FROM c LEFT JOIN LATERAL (
                      SELECT k.kind FROM channel_chats cc JOIN channels k ON k.id = cc.channel_id WHERE cc.conversation_id = c.id LIMIT 1
                    ) ch ON c.source = 'channel'
                   GROUP BY 1) s) AS sources,
         (SELECT count(*)::int FROM c WHERE person) AS handed,
         (SELECT count(*)::int FROM c WHERE NOT person AND answered_count > 0) AS answered`;

export async function conversationBreakdown(db: Db, chatbotId: string, from: string, to: string): Promise<ConversationBreakdown> {
  const { rows } = await poolOf(db).query<{ hours: [number, number][]; sources: Record<string, number>; handed: number; answered: number }>({
    name: "analytics_breakdown",
    text: BREAKDOWN,
    values: [chatbotId, from, to],
  });
  const row = rows[0]!;
  const byHour = new Array<number>(24).fill(0);
  for (const [hour, n] of row.hours) byHour[hour] = n;
  return { byHour, bySource: row.sources, handedToPerson: row.handed, answeredByBot: row.answered };
}
