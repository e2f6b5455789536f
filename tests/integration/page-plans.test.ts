import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { poolOf } from "@/server/kernel/db/client";
import { listContacts, listConversations } from "@/server/conversations/inbox";
import { listDeliveries } from "@/server/webhooks/endpoints";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot, clientWorkspace, conversations } from "../helpers/fixtures";

/**
 * A list's first page keeps one plan in PostgreSQL (docs/decisions/095-first-pages-keep-their-plan.md):
 * after PostgreSQL's five custom plans, the statement the first page runs is executed from its generic
 * plan instead of being planned again on every call, as a statement whose LIMIT and OFFSET are
 * parameters always is. Read from `pg_prepared_statements` of the connection that ran it: calls one
 * after the other take the pool's most recently released connection.
 */
describe("first pages of the lists", () => {
  let db: Db;

  beforeAll(async () => {
    ({ db } = await createTestDatabase());
  });

  /** Runs `read` 8 times, then the plans of the statements named `prefix…` on the connection that ran them. */
  async function plansOf(prefix: string, read: () => Promise<unknown>) {
    for (let i = 0; i < 8; i++) await read();
    const { rows } = await poolOf(db).query<{ name: string; generic_plans: string; custom_plans: string }>(
      "SELECT name, generic_plans::text, custom_plans::text FROM pg_prepared_statements WHERE starts_with(name, $1)",
      [prefix],
    );
    return rows.map((r) => ({ name: r.name, generic: Number(r.generic_plans), custom: Number(r.custom_plans) }));
  }

  it("reads the conversations, contacts and deliveries first pages from a kept plan", async () => {
    const owner = await agencyOwner(db);
    const client = await clientWorkspace(db, owner.agency);
    const bot = await chatbot(db, client.id, owner.user.id);
    await conversations(db, bot.id, { open: 30, unread: 4, archived: 3 });
    const hook = await db.webhook.create({ data: { teamId: owner.agency.id, url: "https://hooks.example.test/a", secret: "s" } });
    await db.webhookDelivery.createMany({ data: Array.from({ length: 40 }, (_, i) => ({ webhookId: hook.id, event: "conversation.created", payload: { n: i } })) });

    const lists: [string, () => Promise<unknown>][] = [
      ["conversations_page_all", () => listConversations(db, bot.id, { page: 1, per_page: 25 })],
      ["contacts_page", () => listContacts(db, bot.id, 1, 25)],
      ["webhook_deliveries_page", () => listDeliveries(db, hook, 1, 25)],
    ];
    for (const [prefix, read] of lists) {
      const plans = await plansOf(prefix, read);
      expect(plans.length, prefix).toBeGreaterThan(0);
      // Five custom plans first (PostgreSQL's rule), then the generic one for every later call.
      expect(Math.max(...plans.map((p) => p.generic)), `${prefix}: ${JSON.stringify(plans)}`).toBeGreaterThanOrEqual(3);
    }
  });

  it("still pages past the first page with the page size and offset as parameters", async () => {
    const owner = await agencyOwner(db);
    const client = await clientWorkspace(db, owner.agency);
    const bot = await chatbot(db, client.id, owner.user.id);
    await conversations(db, bot.id, { open: 5, unread: 0, archived: 0 });
    const first = await listConversations(db, bot.id, { page: 1, per_page: 2 });
    const second = await listConversations(db, bot.id, { page: 2, per_page: 2 });
    const third = await listConversations(db, bot.id, { page: 3, per_page: 2 });
    const past = await listConversations(db, bot.id, { page: 4, per_page: 2 });
    expect([first, second, third, past].map((p) => [p.data.length, p.total])).toEqual([[2, 5], [2, 5], [1, 5], [0, 5]]);
    const ids = [...first.data, ...second.data, ...third.data].map((c) => (c as { id: string }).id);
    expect(new Set(ids).size).toBe(5);
  });
});
