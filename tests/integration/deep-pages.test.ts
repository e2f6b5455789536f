import { beforeAll, describe, expect, it } from "vitest";
import type { Webhook } from "@/generated/prisma/client";
import { listContacts, listConversations } from "@/server/conversations/inbox";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { listDeliveries } from "@/server/webhooks/endpoints";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot, clientWorkspace } from "../helpers/fixtures";

/**
 * Every page of a list is the list (docs/decisions/138-deep-pages-by-their-keys.md): a page past the first finds
 * its ids by an index-only scan that skips the offset, then reads those rows by primary key. Paged to the end,
 * the lists must give exactly the rows of a plain ordered query of the same table — same order (ties on the
 * timestamp broken by id), no row twice, none missing, the other chatbot's or endpoint's rows never — with
 * each row's own columns and the `total` of a plain count. Read once after VACUUM (the visibility map set: the
 * ids from the index alone) and again after rows were archived, moved and deleted (pages not all-visible, index
 * entries of dead row versions).
 */
describe("deep pages of the lists", () => {
  let db: Db;
  let botId: string;
  let otherBotId: string;
  let hook: Webhook;

  const PER_PAGE = 25;
  const CONVERSATIONS = 1_200;
  const CONTACTS = 900;
  const DELIVERIES = 900;

  beforeAll(async () => {
    ({ db } = await createTestDatabase());
    const owner = await agencyOwner(db);
    const client = await clientWorkspace(db, owner.agency);
    const bot = await chatbot(db, client.id, owner.user.id);
    const other = await chatbot(db, client.id, owner.user.id, "Other bot");
    botId = bot.id;
    otherBotId = other.id;
    const base = Date.parse("2026-11-01T12:00:00Z");
    for (const [chatbotId, n] of [
      [bot.id, CONVERSATIONS],
      [other.id, 300],
    ] as const) {
      const visitor = await db.visitor.create({ data: { chatbotId, visitorKey: `deep-${chatbotId}` } });
      // Three conversations to a timestamp (the order's ties broken by id); two in five archived, spread.
      await db.conversation.createMany({
        data: Array.from({ length: n }, (_, i) => ({
          chatbotId,
          visitorId: visitor.id,
          archived: (i * 7) % 5 < 2,
          lastMessageAt: new Date(base - Math.floor(i / 3) * 1000),
        })),
      });
      await db.contact.createMany({
        data: Array.from({ length: chatbotId === bot.id ? CONTACTS : 200 }, (_, i) => ({
          teamId: client.id,
          chatbotId,
          visitorId: visitor.id,
          email: `c${i}@${chatbotId}.test`,
          createdAt: new Date(base - Math.floor(i / 2) * 1000),
        })),
      });
    }
    hook = await db.webhook.create({ data: { teamId: owner.agency.id, url: "https://hooks.example.test/deep", secret: "s" } });
    const otherHook = await db.webhook.create({ data: { teamId: owner.agency.id, url: "https://hooks.example.test/other", secret: "s" } });
    for (const [webhookId, n] of [
      [hook.id, DELIVERIES],
      [otherHook.id, 100],
    ] as const) {
      await db.webhookDelivery.createMany({
        data: Array.from({ length: n }, (_, i) => ({
          webhookId,
          event: "conversation.created",
          payload: { n: i, webhook: webhookId },
          createdAt: new Date(base - Math.floor(i / 4) * 1000),
        })),
      });
    }
    await vacuum();
  });

  /** As autovacuum leaves a table: the visibility map set, the statistics current. */
  async function vacuum() {
    for (const table of ["conversations", "contacts", "webhook_deliveries"]) await poolOf(db).query(`VACUUM (ANALYZE) ${table}`);
  }

  /** Every page of a list in turn, up to the first empty one: the rows' keys, and each page's total. */
  async function pagedThrough<T>(read: (page: number) => Promise<{ data: T[]; total: number; current_page: number; per_page: number }>, key: (row: T) => string) {
    const keys: string[] = [];
    const totals = new Set<number>();
    for (let page = 1; ; page++) {
      const result = await read(page);
      expect([result.current_page, result.per_page]).toEqual([page, PER_PAGE]);
      totals.add(result.total);
      if (result.data.length === 0) break;
      expect(result.data.length, `page ${page}`).toBeLessThanOrEqual(PER_PAGE);
      keys.push(...result.data.map(key));
    }
    return { keys, totals: [...totals] };
  }

  async function plain(sql: string, values: unknown[]) {
    const { rows } = await poolOf(db).query<{ key: string }>(sql, values);
    return rows.map((r) => r.key);
  }

  async function expectListsMatchPlainQueries() {
    const conversationKey = (c: { id: string; archived: boolean; last_message_at: string; chatbot_id: string }) =>
      `${c.id} ${c.archived} ${new Date(c.last_message_at).toISOString()} ${c.chatbot_id}`;
    const plainConversations = (flag: string) =>
      plain(
        `SELECT id || ' ' || archived || ' ' || to_char(last_message_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || ' ' || chatbot_id AS key
           FROM conversations WHERE chatbot_id = $1 AND ${flag} ORDER BY last_message_at DESC, id DESC`,
        [botId],
      );
    for (const [archived, flag] of [
      [undefined, "true"],
      [false, "NOT archived"],
      [true, "archived"],
    ] as const) {
      const expected = await plainConversations(flag);
      const listed = await pagedThrough((page) => listConversations(db, botId, { page, per_page: PER_PAGE, archived }), conversationKey);
      // Deep enough: more than ten pages of each.
      expect(listed.keys.length, `archived=${archived}`).toBeGreaterThan(10 * PER_PAGE);
      expect(listed.keys, `archived=${archived}`).toEqual(expected);
      expect(new Set(listed.keys).size).toBe(expected.length);
      expect(listed.totals, `archived=${archived}`).toEqual([expected.length]);
    }

    const contacts = await pagedThrough((page) => listContacts(db, botId, page, PER_PAGE), (c) => `${c.id} ${c.email}`);
    const expectedContacts = await plain("SELECT id || ' ' || email AS key FROM contacts WHERE chatbot_id = $1 ORDER BY created_at DESC, id DESC", [botId]);
    expect(contacts.keys).toEqual(expectedContacts);
    expect(contacts.totals).toEqual([expectedContacts.length]);

    const deliveries = await pagedThrough(
      (page) => listDeliveries(db, hook, page, PER_PAGE),
      (d) => `${d.id} ${String(d.payload.n)} ${String(d.payload.webhook)}`,
    );
    const expectedDeliveries = await plain(
      "SELECT id || ' ' || (payload->>'n') || ' ' || (payload->>'webhook') AS key FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY created_at DESC, id DESC",
      [hook.id],
    );
    expect(deliveries.keys).toEqual(expectedDeliveries);
    expect(deliveries.totals).toEqual([expectedDeliveries.length]);
  }

  it("gives every row of each list once, in the list's order, with its own columns and the plain count as total", async () => {
    await expectListsMatchPlainQueries();
  });

  it("still does after rows were archived, moved, deleted and added since the last VACUUM", async () => {
    const pool = poolOf(db);
    // Open conversations archived and archived ones reopened, some moved to the top, some deleted; in both chatbots.
    await pool.query("UPDATE conversations SET archived = NOT archived WHERE chatbot_id IN ($1, $2) AND (extract(epoch FROM last_message_at)::int % 11) = 0", [botId, otherBotId]);
    await pool.query(
      "UPDATE conversations SET last_message_at = date_trunc('milliseconds', now()) WHERE id IN (SELECT id FROM conversations WHERE chatbot_id = $1 ORDER BY last_message_at, id LIMIT 40)",
      [botId],
    );
    await pool.query("DELETE FROM conversations WHERE id IN (SELECT id FROM conversations WHERE chatbot_id = $1 ORDER BY id LIMIT 30)", [botId]);
    await pool.query("DELETE FROM contacts WHERE id IN (SELECT id FROM contacts WHERE chatbot_id = $1 ORDER BY id LIMIT 25)", [botId]);
    await pool.query("UPDATE webhook_deliveries SET attempts = attempts + 1, delivered_at = date_trunc('milliseconds', now()) WHERE webhook_id = $1 AND (payload->>'n')::int % 3 = 0", [hook.id]);
    await db.webhookDelivery.createMany({
      data: Array.from({ length: 30 }, (_, i) => ({ webhookId: hook.id, event: "conversation.created", payload: { n: DELIVERIES + i, webhook: hook.id } })),
    });
    await expectListsMatchPlainQueries();
  });

  it("finds a deep page's ids from the list's index alone", async () => {
    await vacuum();
    // The statement a deep page runs, as the list prepared it on the pool's connection (kernel/db/pages.ts).
    await listConversations(db, botId, { page: 20, per_page: PER_PAGE });
    const { rows } = await poolOf(db).query<{ statement: string }>("SELECT statement FROM pg_prepared_statements WHERE name = 'conversations_page_all_any'");
    expect(rows).toHaveLength(1);
    const client = await poolOf(db).connect();
    try {
      await client.query(`PREPARE deep_page AS ${rows[0]!.statement}`);
      const { rows: plan } = await client.query<{ "QUERY PLAN": unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE deep_page('${botId}', ${PER_PAGE}, ${19 * PER_PAGE})`);
      const nodes = flatten((plan[0]!["QUERY PLAN"] as [{ Plan: PlanNode }])[0].Plan);
      const skip = nodes.find((n) => n["Relation Name"] === "conversations" && n["Actual Rows"] === 20 * PER_PAGE);
      expect(skip?.["Node Type"], JSON.stringify(nodes.map((n) => [n["Node Type"], n["Relation Name"], n["Index Name"], n["Actual Rows"]]))).toBe("Index Only Scan");
      expect(skip?.["Index Name"]).toBe("conversations_chatbot_id_last_message_at_id_idx");
      // The page's own rows: 25, read by primary key.
      expect(nodes.some((n) => n["Relation Name"] === "conversations" && n["Actual Rows"] === PER_PAGE && /conversations_pkey/.test(JSON.stringify(n)))).toBe(true);
      await client.query("DEALLOCATE deep_page");
    } finally {
      client.release();
    }
  });

  it("keeps one plan for every deep page of a list, and that plan skips over the list's index alone", async () => {
    await vacuum();
    // Each keyed list's deep-page statement, as its list prepared it on the pool's connection (kernel/db/pages.ts).
    await listConversations(db, botId, { page: 20, per_page: PER_PAGE });
    await listConversations(db, botId, { page: 10, per_page: PER_PAGE, archived: false });
    await listContacts(db, botId, 20, PER_PAGE);
    await listDeliveries(db, hook, 20, PER_PAGE);
    const lists = [
      { name: "conversations_page_all_any", table: "conversations", index: "conversations_chatbot_id_last_message_at_id_idx", key: botId },
      { name: "conversations_page_all_open", table: "conversations", index: "conversations_chatbot_id_archived_last_message_at_id_idx", key: botId },
      { name: "contacts_page", table: "contacts", index: "contacts_chatbot_id_created_at_id_idx", key: botId },
      { name: "webhook_deliveries_page", table: "webhook_deliveries", index: "webhook_deliveries_webhook_id_created_at_id_idx", key: hook.id },
    ];
    const client = await poolOf(db).connect();
    try {
      for (const list of lists) {
        const { rows } = await client.query<{ statement: string }>("SELECT statement FROM pg_prepared_statements WHERE name = $1", [list.name]);
        expect(rows, list.name).toHaveLength(1);
        await client.query(`PREPARE deep_page AS ${rows[0]!.statement}`);
        // Ten deep pages on one connection: after the five plans made for their values, PostgreSQL keeps the generic one …
        for (let page = 2; page <= 11; page++) await client.query(`EXECUTE deep_page('${list.key}', ${PER_PAGE}, ${(page - 1) * PER_PAGE})`);
        const { rows: kept } = await client.query<{ generic_plans: string; custom_plans: string }>("SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = 'deep_page'");
        expect({ list: list.name, generic: Number(kept[0]!.generic_plans), custom: Number(kept[0]!.custom_plans) }).toEqual({ list: list.name, generic: 5, custom: 5 });
        // … since no plan can read the values: a plan made for a page's values costs what the plan made for any
        // values does, whichever the page.
        const cost = async (mode: "force_custom_plan" | "force_generic_plan", offset: number) => {
          await client.query(`SET plan_cache_mode = ${mode}`);
          const { rows: plan } = await client.query<{ "QUERY PLAN": [{ Plan: { "Total Cost": number } }] }>(
            `EXPLAIN (FORMAT JSON) EXECUTE deep_page('${list.key}', ${PER_PAGE}, ${offset})`,
          );
          await client.query("RESET plan_cache_mode");
          return plan[0]!["QUERY PLAN"][0].Plan["Total Cost"];
        };
        const generic = await cost("force_generic_plan", PER_PAGE);
        expect([await cost("force_custom_plan", PER_PAGE), await cost("force_custom_plan", 19 * PER_PAGE)], list.name).toEqual([generic, generic]);
        // The kept plan skips 19 pages over the list's index alone.
        await client.query("SET plan_cache_mode = force_generic_plan");
        const { rows: plan } = await client.query<{ "QUERY PLAN": unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE deep_page('${list.key}', ${PER_PAGE}, ${19 * PER_PAGE})`);
        await client.query("RESET plan_cache_mode");
        const nodes = flatten((plan[0]!["QUERY PLAN"] as [{ Plan: PlanNode }])[0].Plan);
        const skip = nodes.find((n) => n["Relation Name"] === list.table && n["Actual Rows"] === 20 * PER_PAGE);
        expect(skip?.["Node Type"], `${list.name}: ${JSON.stringify(nodes.map((n) => [n["Node Type"], n["Relation Name"], n["Index Name"], n["Actual Rows"]]))}`).toBe("Index Only Scan");
        expect(skip?.["Index Name"], list.name).toBe(list.index);
        await client.query("DEALLOCATE deep_page");
      }
    } finally {
      client.release();
    }
  });
});

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  Plans?: PlanNode[];
}

function flatten(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(flatten)];
}
