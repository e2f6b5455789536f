import { beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "@/server/transport/root";
import type { Db } from "@/server/kernel/db/client";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, teamMember, userWithToken } from "../helpers/fixtures";
import { chargeAnswer } from "../helpers/credits";
import { trpcFailure } from "../helpers/trpc-failure";

/** A client's home — its credits, usage and standing in words, for its own people. */
let db: Db;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
const as = (user: { id: string; name: string; email: string } & Record<string, unknown>) =>
  createCaller({ db, user: user as never, via: "session", tokenId: null });

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  owner = await agencyOwner(db);
  await db.team.update({ where: { id: owner.agency.id }, data: { brandName: "Bright Agency", brandSupportEmail: "help@bright.example" } });
});

describe("a client's home", () => {
  it("shows credits, answers per day and the standing in words to every member; pause and low credits say what to do", async () => {
    const { client } = await as(owner.user).agencyClients.create({ name: "Home Co", message_limit: 20 });
    await as(owner.user).agencyClients.topUp({ client_id: client.id, amount: 5 });
    const member = await teamMember(db, client.id, "member", "Reader");
    for (let i = 0; i < 3; i++) await chargeAnswer(db, client.id);
    const bot = await db.chatbot.create({ data: { teamId: client.id, userId: owner.user.id, name: "Front desk" } });
    const visitor = await db.visitor.create({ data: { chatbotId: bot.id, visitorKey: "home-visitor" } });
    await db.conversation.create({ data: { chatbotId: bot.id, visitorId: visitor.id, questionCount: 4, answeredCount: 3, messageCount: 8 } });
    await db.conversation.create({ data: { chatbotId: bot.id, visitorId: visitor.id, questionCount: 1, answeredCount: 0, messageCount: 2, createdAt: new Date(Date.now() - 40 * 86_400_000) } });

    const home = await as(member.user).lifecycle.clientHome({ team_id: client.id });
    expect(home.credits).toMatchObject({ monthly_limit: 20, used_this_period: 3, monthly_remaining: 17, topup_remaining: 5, remaining: 22 });
    expect(home.credits.renews_at).not.toBeNull();
    expect(home.usage).toHaveLength(30);
    expect(home.usage.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), answers: 3 });
    expect(home.standing).toMatchObject({ tone: "ok", title: "Your agents are answering" });
    expect(home.agency).toEqual({ name: "Bright Agency", support_email: "help@bright.example" });

    await as(owner.user).agencyClients.pause({ client_id: client.id, mode: "hard" });
    const paused = await as(member.user).lifecycle.clientHome({ team_id: client.id });
    expect(paused.standing).toMatchObject({ tone: "stopped", title: "Your workspace is paused" });
    expect(paused.standing.todo[0]).toBe("Contact Bright Agency at help@bright.example to resume it.");
    expect(paused.credits.remaining).toBe(0);

    await as(owner.user).agencyClients.resume({ client_id: client.id });
    // 20 of 20 monthly used, then 3 of the 5 top-up credits: 2 left, a tenth of the limit.
    for (let i = 0; i < 20; i++) await chargeAnswer(db, client.id);
    const low = await as(member.user).lifecycle.clientHome({ team_id: client.id });
    expect(low).toMatchObject({ warning: "low", standing: { tone: "warning", title: "You are running low on message credits" } });
    for (let i = 0; i < 2; i++) await chargeAnswer(db, client.id);
    expect((await as(member.user).lifecycle.clientHome({ team_id: client.id })).standing.title).toBe("You have no message credits left");
  });

  it("is not another workspace's to read", async () => {
    const { client } = await as(owner.user).agencyClients.create({ name: "Private Co", message_limit: 5 });
    const stranger = await userWithToken(db, "Stranger");
    expect((await trpcFailure(as(stranger.user).lifecycle.clientHome({ team_id: client.id }))).code).toBe("NOT_FOUND");
  });
});

describe("the agency's cockpit", () => {
  it("gives each client its conversations and answered rate this period, and why it needs attention", async () => {
    const { client } = await as(owner.user).agencyClients.create({ name: "Cockpit Co", message_limit: 100 });
    const bot = await db.chatbot.create({ data: { teamId: client.id, userId: owner.user.id, name: "Desk" } });
    const visitor = await db.visitor.create({ data: { chatbotId: bot.id, visitorKey: "cockpit-visitor" } });
    await db.conversation.create({ data: { chatbotId: bot.id, visitorId: visitor.id, questionCount: 6, answeredCount: 2, messageCount: 12 } });
    await db.conversation.create({ data: { chatbotId: bot.id, visitorId: visitor.id, questionCount: 4, answeredCount: 4, messageCount: 8 } });
    await as(owner.user).agencyClients.pause({ client_id: client.id, mode: "hard" });
    const row = (await as(owner.user).agencyClients.overview()).clients.find((c) => c.id === client.id)!;
    expect(row).toMatchObject({ conversations_this_period: 2, questions_this_period: 10, unanswered_this_period: 4, answered_rate: 0.6 });
    expect(row.attention).toEqual(["Paused", "4 unanswered questions"]);
  });
});
