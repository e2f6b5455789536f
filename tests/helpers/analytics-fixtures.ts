import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { Logger, runMigrations } from "graphile-worker";
import type { Db } from "@/server/kernel/db/client";
import { createTestDatabase } from "./db";
import { agencyOwner, clientWorkspace } from "./fixtures";

/**
 * A test database, an agency owner and one client workspace; with the queue's schema too unless told
 * otherwise (so that asking for insight themes works as in production).
 */
export async function analyticsDatabase({ queue = true }: { queue?: boolean } = {}) {
  const { db, url } = await createTestDatabase();
  if (queue) await runMigrations({ connectionString: url, logger: new Logger(() => () => undefined) });
  const owner = await agencyOwner(db);
  const workspace = await clientWorkspace(db, owner.agency);
  return { db, url, owner, workspace, teamId: workspace.id };
}

/** Small builders for hand-made analytics traffic: every row gets an explicit time. */

export function visitor(db: Db, chatbotId: string, country?: { name: string; code: string }) {
  return db.visitor.create({
    data: { chatbotId, visitorKey: `v_${randomBytes(6).toString("hex")}`, country: country?.name ?? null, countryCode: country?.code ?? null },
  });
}

export type MessageSpec = { role: "user"; content: string } | { role: "assistant"; answered: boolean | null; content?: string };

/** A conversation started at `at`; its messages follow one second apart. */
export async function conversation(
  db: Db,
  chatbotId: string,
  spec: { at: string; visitorId: string; category?: string | null; sentiment?: string | null; messages?: MessageSpec[] },
) {
  const start = new Date(spec.at).getTime();
  // Written in SQL with only these columns: the migration tests build rows on a database migrated part of
  // the way, where columns the client would fill with their defaults (e.g. `status`) do not exist yet.
  const [row] = await db.$queryRaw<Array<{ id: string }>>`
    INSERT INTO conversations (chatbot_id, visitor_id, category, sentiment, created_at, last_message_at)
    VALUES (${chatbotId}::uuid, ${spec.visitorId}::uuid, ${spec.category ?? null}, ${spec.sentiment ?? null}, ${new Date(start)}, ${new Date(start)})
    RETURNING id::text`;
  const conv = await db.conversation.findUniqueOrThrow({ where: { id: row!.id } });
  const messages = [];
  for (const [i, m] of (spec.messages ?? []).entries()) {
    messages.push(
      await db.message.create({
        data: {
          conversationId: conv.id,
          chatbotId,
          role: m.role,
          content: m.role === "user" ? m.content : (m.content ?? (m.answered ? "Here is the answer." : "I don't know.")),
          answered: m.role === "assistant" ? m.answered : null,
          createdAt: new Date(start + (i + 1) * 1000),
        },
      }),
    );
  }
  return { ...conv, messages };
}

export function feedback(db: Db, message: { id: string; conversationId: string; chatbotId: string }, rating: "positive" | "negative", at: string) {
  return db.feedback.create({
    data: { chatbotId: message.chatbotId, conversationId: message.conversationId, messageId: message.id, rating, createdAt: new Date(at) },
  });
}

export function link(db: Db, chatbotId: string, url: string, title: string) {
  return db.chatbotLink.create({ data: { chatbotId, url, title } });
}

export function linkClick(db: Db, chatbotId: string, linkId: string, at: string, who: { conversationId?: string; visitorId?: string } = {}) {
  return db.linkClick.create({
    data: { chatbotId, linkId, conversationId: who.conversationId ?? null, visitorId: who.visitorId ?? null, createdAt: new Date(at) },
  });
}

export function widgetEvent(db: Db, chatbotId: string, value: string, at: string) {
  return db.widgetEvent.create({ data: { chatbotId, value, createdAt: new Date(at) } });
}

export async function contact(db: Db, chatbotId: string, visitorId: string, at: string, details: { email?: string; phone?: string | null }) {
  const bot = await db.chatbot.findUniqueOrThrow({ where: { id: chatbotId }, select: { teamId: true } });
  return db.contact.create({
    data: { teamId: bot.teamId, chatbotId, visitorId, email: details.email ?? "", phone: details.phone ?? null, createdAt: new Date(at) },
  });
}

/**
 * The month and dekad rows (analytics_value_spans, analytics_distinct_spans) that differ from the sums of
 * their daily rows, as "table|key|span sum|day sum" (docs/decisions/089-analytics-distinct-spans.md): empty
 * when every span holds exactly its days.
 */
export async function spansNotMatchingDays(db: Db, chatbotId: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ k: string }[]>`
    WITH grains(grain) AS (VALUES ('month'), ('dekad')),
    value_days AS (
      SELECT kind, g.grain, analytics_span_start(g.grain, day) AS start, value AS dim, NULL::date AS prev_day, sum(count)::int AS n
        FROM analytics_day_values CROSS JOIN grains g WHERE chatbot_id = ${chatbotId}::uuid GROUP BY 1, 2, 3, 4
    ), value_spans AS (
      SELECT kind, grain, start, value AS dim, NULL::date AS prev_day, sum(count)::int AS n
        FROM analytics_value_spans WHERE chatbot_id = ${chatbotId}::uuid GROUP BY 1, 2, 3, 4
    ), distinct_days AS (
      SELECT kind, g.grain, analytics_span_start(g.grain, day) AS start, dim, prev_day, sum(count)::int AS n
        FROM analytics_distinct_days CROSS JOIN grains g WHERE chatbot_id = ${chatbotId}::uuid GROUP BY 1, 2, 3, 4, 5
    ), distinct_spans AS (
      SELECT kind, grain, start, dim, prev_day, sum(count)::int AS n
        FROM analytics_distinct_spans WHERE chatbot_id = ${chatbotId}::uuid GROUP BY 1, 2, 3, 4, 5
    )
    SELECT concat_ws('|', 'value', kind, grain, start, dim, s.n, d.n) AS k
      FROM value_spans s FULL JOIN value_days d USING (kind, grain, start, dim)
     WHERE coalesce(s.n, 0) <> coalesce(d.n, 0)
    UNION ALL
    SELECT concat_ws('|', 'distinct', kind, grain, start, dim, prev_day, s.n, d.n)
      FROM distinct_spans s FULL JOIN distinct_days d USING (kind, grain, start, dim, prev_day)
     WHERE coalesce(s.n, 0) <> coalesce(d.n, 0)
     ORDER BY 1`;
  return rows.map((r) => r.k);
}

/** One property run's draws, from fast-check's generator (reproducible by its seed, shrunk on failure). */
export interface Draws {
  int: (max: number) => number;
  pick: <T>(list: readonly T[]) => T;
  chance: (p: number) => boolean;
}

export const drawsOf = (g: fc.GeneratorValue): Draws => ({
  int: (max) => g(fc.nat, { max }),
  pick: (list) => list[g(fc.nat, { max: list.length - 1 })]!,
  chance: (p) => g(fc.nat, { max: 999 }) < p * 1000,
});
