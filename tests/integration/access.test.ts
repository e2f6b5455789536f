import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "@/server/transport/root";
import type { Context } from "@/server/access/procedures";
import type { Db } from "@/server/kernel/db/client";
import { createWebhook } from "@/server/webhooks/endpoints";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot, clientWorkspace, teamMember, userWithToken } from "../helpers/fixtures";

/**
 * Every resource scope of access/procedures.ts through real procedures: the caller's
 * own resource is reached, another tenant's or a malformed id is NOT_FOUND,
 * and a role too weak is FORBIDDEN.
 */
let db: Db;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let other: Awaited<ReturnType<typeof agencyOwner>>;
let ownClient: { id: string };
let otherClient: { id: string };
let ownWebhook: string;
let otherWebhook: string;
let member: Awaited<ReturnType<typeof teamMember>>;
let ownBot: { id: string };
let otherBot: { id: string };

const callerFor = (user: Context["user"]) => createCaller({ db, user, via: "session", tokenId: null });
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "OK",
    (e: unknown) => (e instanceof TRPCError ? e.code : `not a TRPCError: ${String(e)}`),
  );
const MALFORMED = "not-a-uuid";

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  [owner, other] = await Promise.all([agencyOwner(db), agencyOwner(db)]);
  [ownClient, otherClient] = await Promise.all([clientWorkspace(db, owner.agency), clientWorkspace(db, other.agency)]);
  ownWebhook = (await createWebhook(db, owner.agency, { url: "https://hooks.example.test/a", events: null })).webhook.id;
  otherWebhook = (await createWebhook(db, other.agency, { url: "https://hooks.example.test/b", events: null })).webhook.id;
  member = await teamMember(db, ownClient.id, "member");
  ownBot = await chatbot(db, ownClient.id, owner.user.id);
  otherBot = await chatbot(db, otherClient.id, other.user.id);
});

describe("clientProcedure", () => {
  it("reaches the agency's own workspace only", async () => {
    const api = callerFor(owner.user).agencyClients;
    expect(await codeOf(api.get({ client_id: ownClient.id }))).toBe("OK");
    expect(await codeOf(api.get({ client_id: otherClient.id }))).toBe("NOT_FOUND");
    expect(await codeOf(api.get({ client_id: MALFORMED }))).toBe("NOT_FOUND");
    expect(await codeOf(api.suspend({ client_id: otherClient.id }))).toBe("NOT_FOUND");
    expect((await db.team.findUniqueOrThrow({ where: { id: otherClient.id } })).status).toBe("active");
  });

  it("is FORBIDDEN to anyone who owns no agency, even a member of the workspace", async () => {
    expect(await codeOf(callerFor(member.user).agencyClients.get({ client_id: ownClient.id }))).toBe("FORBIDDEN");
  });
});

describe("webhookProcedure", () => {
  it("reaches the agency's own endpoint only", async () => {
    const api = callerFor(owner.user).agencyWebhooks;
    expect(await codeOf(api.get({ webhook_id: ownWebhook }))).toBe("OK");
    expect(await codeOf(api.get({ webhook_id: otherWebhook }))).toBe("NOT_FOUND");
    expect(await codeOf(api.delete({ webhook_id: otherWebhook }))).toBe("NOT_FOUND");
    expect(await codeOf(api.get({ webhook_id: MALFORMED }))).toBe("NOT_FOUND");
    expect(await db.webhook.count({ where: { id: otherWebhook } })).toBe(1);
  });
});

describe("teamEditProcedure", () => {
  it("lets an editor role create, refuses a member (403) and another tenant (404)", async () => {
    expect(await codeOf(callerFor(owner.user).chatbots.create({ team_id: ownClient.id, name: "Made by owner" }))).toBe("OK");
    expect(await codeOf(callerFor(member.user).chatbots.create({ team_id: ownClient.id, name: "No" }))).toBe("FORBIDDEN");
    expect(await codeOf(callerFor(owner.user).chatbots.create({ team_id: otherClient.id, name: "No" }))).toBe("NOT_FOUND");
    expect(await codeOf(callerFor(owner.user).chatbots.create({ team_id: MALFORMED, name: "No" }))).toBe("NOT_FOUND");
    expect(await db.chatbot.count({ where: { name: "No" } })).toBe(0);
  });
});

describe("chatbotProcedure / chatbotEditProcedure", () => {
  it("reads for every role, changes for editors and up, and hides other tenants", async () => {
    const stranger = await userWithToken(db);
    expect(await codeOf(callerFor(member.user).chatbots.get({ chatbot_id: ownBot.id }))).toBe("OK");
    expect(await codeOf(callerFor(member.user).chatbots.update({ chatbot_id: ownBot.id, name: "Renamed" }))).toBe("FORBIDDEN");
    expect(await codeOf(callerFor(owner.user).chatbots.update({ chatbot_id: ownBot.id, name: "Renamed" }))).toBe("OK");
    expect(await codeOf(callerFor(owner.user).chatbots.get({ chatbot_id: otherBot.id }))).toBe("NOT_FOUND");
    expect(await codeOf(callerFor(stranger.user).chatbots.update({ chatbot_id: ownBot.id, name: "X" }))).toBe("NOT_FOUND");
    expect(await codeOf(callerFor(owner.user).analytics.get({ chatbot_id: MALFORMED }))).toBe("NOT_FOUND");
  });
});
