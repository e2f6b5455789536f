import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { runTurn } from "@/server/conversations/engine";
import { createCaller } from "@/server/transport/root";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot as createChatbot } from "../helpers/fixtures";
import { trpcFailure } from "../helpers/trpc-failure";
import { bakeryChatbot } from "../helpers/answers-fixtures";

/** Auto top-up (docs/decisions/060-auto-top-up.md) through the real answer path (engine → reserve → settle → charge_answer) on real PostgreSQL. */
let db: Db;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
const agency = () => createCaller({ db, user: owner.user, via: "token", tokenId: null });

beforeAll(async () => {
  delete process.env.OPENAI_API_KEY;
  ({ db } = await createTestDatabase());
  owner = await agencyOwner(db);
});

/** A client with `left` credits of its 30 monthly ones left, a trained bot, and the given auto top-up rule. */
async function clientWith(left: number, rule: { threshold: number; amount: number; monthly_cap: number }) {
  const { client } = await agency().agencyClients.create({ name: `Auto ${left}-${rule.amount}-${Math.random()}`, message_limit: 30 });
  await db.team.update({ where: { id: client.id }, data: { messagesUsed: 30 - left, poolMessagesUsed: 30 - left } });
  await agency().agencyClients.update({ client_id: client.id, auto_topup: rule });
  const bot = await bakeryChatbot(db, client.id, owner.user.id);
  return { client, bot };
}

const answers = (bot: Awaited<ReturnType<typeof createChatbot>>, count: number) =>
  Promise.all(Array.from({ length: count }, (_, i) => runTurn(db, { chatbot: bot }, { message: i % 2 ? "When do you open?" : "Is delivery free?" })));

const autoTopups = (teamId: string) => db.creditLedgerEntry.findMany({ where: { teamId, kind: "auto_topup" }, orderBy: { id: "asc" } });

describe("auto top-up", () => {
  it("fires exactly once when 20 concurrent answers cross the threshold, recorded in the ledger with its reason", async () => {
    const { client, bot } = await clientWith(5, { threshold: 5, amount: 100, monthly_cap: 1000 });
    await answers(bot, 20);
    const rows = await autoTopups(client.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ topupDelta: 100, debtDelta: 0 });
    expect(rows[0]!.reason).toMatch(/remaining 4 fell below the threshold of 5; auto top-up of 100/);
    const after = (await agency().agencyClients.get({ client_id: client.id })).client;
    expect(after.messages_remaining).toBe(5 + 100 - 20);
    expect(after.usage.messages).toBe(45);
    const ledger = await agency().agencyClients.ledger({ client_id: client.id, limit: 200 });
    expect(ledger.entries.filter((e) => e.kind === "auto_topup")).toEqual([expect.objectContaining({ reason: rows[0]!.reason, topup_delta: 100 })]);
  });

  it("fires again on the next fall below, within the month's cap (cut to what is left of it), then stops", async () => {
    const { client, bot } = await clientWith(3, { threshold: 3, amount: 10, monthly_cap: 15 });
    let served = 0;
    for (let i = 0; i < 25; i++) served += await answers(bot, 1).then(() => 1, () => 0);
    const rows = await autoTopups(client.id);
    expect(rows.map((r) => r.topupDelta)).toEqual([10, 5]);
    // 3 + 10 + 5 credits in all; once the cap is reached, answers are refused when they run out.
    expect(served).toBe(18);
    expect((await agency().agencyClients.get({ client_id: client.id })).client.messages_remaining).toBe(0);
  });

  it("answers run dry before any threshold: credits_exhausted is the trigger (threshold 0)", async () => {
    const { client, bot } = await clientWith(2, { threshold: 0, amount: 7, monthly_cap: 7 });
    await answers(bot, 2);
    const rows = await autoTopups(client.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.reason).toMatch(/credits ran out \(client\.credits_exhausted\)/);
    const after = (await agency().agencyClients.get({ client_id: client.id })).client;
    expect(after).toMatchObject({ messages_remaining: 7, credits_exhausted_at: null });
  });

  it("is refused without a client message_limit, with a cap below one top-up, and turned off with null", async () => {
    const { client } = await agency().agencyClients.create({ name: "No budget" });
    const noLimit = await trpcFailure(agency().agencyClients.update({ client_id: client.id, auto_topup: { threshold: 1, amount: 1, monthly_cap: 1 } }));
    expect(noLimit).toMatchObject({ code: "UNPROCESSABLE_CONTENT" });
    expect(noLimit.errors).toHaveProperty("auto_topup");
    const smallCap = await trpcFailure(
      agency().agencyClients.update({ client_id: client.id, message_limit: 10, auto_topup: { threshold: 1, amount: 50, monthly_cap: 10 } }),
    );
    expect(smallCap.errors).toHaveProperty(["auto_topup.monthly_cap"]);
    await agency().agencyClients.update({ client_id: client.id, message_limit: 10, auto_topup: { threshold: 1, amount: 5, monthly_cap: 10 } });
    expect((await agency().lifecycle.clientState({ client_id: client.id })).auto_topup).toEqual({ threshold: 1, amount: 5, monthly_cap: 10 });
    await agency().agencyClients.update({ client_id: client.id, auto_topup: null });
    expect((await agency().lifecycle.clientState({ client_id: client.id })).auto_topup).toBeNull();
    await agency().agencyClients.update({ client_id: client.id, auto_topup: { threshold: 1, amount: 5, monthly_cap: 10 } });
    await agency().agencyClients.update({ client_id: client.id, message_limit: null });
    expect((await agency().lifecycle.clientState({ client_id: client.id })).auto_topup).toBeNull();
  });
});

describe("auto top-up in the audit log", () => {
  it("is the system's entry, with the balance before and the credits after", async () => {
    const { client, bot } = await clientWith(1, { threshold: 1, amount: 9, monthly_cap: 9 });
    await answers(bot, 1);
    const { data } = await agency().audit.list({ action: "client.auto_topped_up", client_id: client.id });
    expect(data).toEqual([
      expect.objectContaining({
        actor: { type: "system", user_id: null, token_id: null, name: "Auto top-up" },
        target: { type: "client", id: client.id, name: client.name },
        before: { topup_credits: 0, overflow_debt: 0, remaining: 0 },
        after: { amount: 9, topup_credits: 9, overflow_debt: 0, threshold: 1 },
      }),
    ]);
  });
});
