import { beforeAll, describe, expect, it } from "vitest";
import type { Prisma } from "@/generated/prisma/client";
import { agencyWithClient, agencyWithWebhook, ownedAgency, readableChatbot } from "@/server/access/lookups";
import { authenticateToken, authenticateTokenWithAgency, authenticateTokenWithChatbot, revokeApiToken } from "@/server/access/api-tokens";
import type { Db } from "@/server/kernel/db/client";
import { createTestDatabase } from "../helpers/db";
import { serializeAgentSummary } from "@/server/workspaces/agent-summary-serializer";
import { serializeClient } from "@/server/workspaces/client-serializer";
import { serializeContact, serializeConversation, serializeMessage } from "@/server/conversations/serializer";
import { serializeSource, serializeSourceWithReason } from "@/server/training/source-serializer";
import { serializeSuggestedMessage } from "@/server/chatbots/suggested-message-serializer";
import { serializeUpdatedAnswer } from "@/server/chatbots/updated-answer-serializer";
import { serializeDelivery, serializeWebhook } from "@/server/webhooks/serializer";
import { listSources, listSourcesWithReasons } from "@/server/training/source-list";
import { listSuggestedMessages } from "@/server/chatbots/suggested-messages";
import { listUpdatedAnswers } from "@/server/chatbots/updated-answers";
import { getClient, listAgents, listClients, usageOf } from "@/server/workspaces/clients";
import { getConversation, listContacts, listConversations, type InboxFilter } from "@/server/conversations/inbox";
import { agencyPool } from "@/server/workspaces/credits";
import { messagesRemaining } from "@/server/workspaces/credit-rules";
import { listDeliveries, listWebhooks } from "@/server/webhooks/endpoints";
import { loadPublicChatbot } from "@/server/chatbots/public-chatbot";
import { agencyOwner, chatbot, clientWorkspace, teamMember, userWithToken } from "../helpers/fixtures";

/**
 * The per-request reads of every `/v1` call are single SQL statements on the
 * pg pool (docs/decisions/038-hot-paths-in-named-sql.md): they must give exactly what Prisma gives, so the
 * procedures behind them cannot tell the difference.
 */
describe("the /v1 hot path reads", () => {
  let db: Db;

  beforeAll(async () => {
    ({ db } = await createTestDatabase());
  });

  it("authenticates a token as the same user Prisma reads, and not once it is revoked", async () => {
    const { user, token, apiToken } = await userWithToken(db, "Hot Path");
    const auth = await authenticateToken(db, token);
    expect(auth).toEqual({ user: await db.user.findUniqueOrThrow({ where: { id: user.id } }), tokenId: apiToken.id });
    await revokeApiToken(db, user.id, apiToken.id);
    expect(await authenticateToken(db, token)).toBeNull();
  });

  it("reads a chatbot as the same row Prisma reads, every column, with the caller's role", async () => {
    const owner = await agencyOwner(db);
    const workspace = await clientWorkspace(db, owner.agency);
    const created = await chatbot(db, workspace.id, owner.user.id, "Every column");
    // Non-default values where a column may be null, a float or a timestamp.
    const bot = await db.chatbot.update({
      where: { id: created.id },
      data: { description: "About", launcherIcon: "icon.png", temperature: 0.35, domain: "example.com", domainVerified: true, userPrompt: "Be brief", fallbackExcludedTopics: "politics" },
    });
    const member = await teamMember(db, workspace.id, "member");

    const asOwner = await readableChatbot(db, owner.user.id, bot.id);
    expect(asOwner.chatbot).toEqual(await db.chatbot.findUniqueOrThrow({ where: { id: bot.id } }));
    expect(asOwner.role).toBe("owner");
    expect((await readableChatbot(db, member.user.id, bot.id)).role).toBe("member");

    // The widget's read of the same chatbot (public: no caller), with its workspace's standing.
    expect(await loadPublicChatbot(db, bot.id)).toEqual({ ...asOwner.chatbot, workspace: { id: workspace.id, status: "active", pauseMode: null } });
    await db.team.update({ where: { id: workspace.id }, data: { status: "paused", pauseMode: "soft" } });
    expect((await loadPublicChatbot(db, bot.id)).workspace).toEqual({ id: workspace.id, status: "paused", pauseMode: "soft" });
    await db.team.update({ where: { id: workspace.id }, data: { pauseMode: "hard" } });
    await expect(loadPublicChatbot(db, bot.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await db.team.update({ where: { id: workspace.id }, data: { status: "active", pauseMode: null } });
    await expect(loadPublicChatbot(db, "not-a-uuid")).rejects.toMatchObject({ code: "NOT_FOUND" });

    // REST reads the same chatbot and role with the token, in one statement.
    const withToken = await authenticateTokenWithChatbot(db, owner.token, bot.id);
    expect(withToken).toEqual({ ...(await authenticateToken(db, owner.token)), chatbot: asOwner });
    expect((await authenticateTokenWithChatbot(db, member.token, bot.id))?.chatbot?.role).toBe("member");

    const stranger = await userWithToken(db, "Stranger");
    await expect(readableChatbot(db, stranger.user.id, bot.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await authenticateTokenWithChatbot(db, stranger.token, bot.id)).toMatchObject({ user: { id: stranger.user.id }, chatbot: null });
    expect(await authenticateTokenWithChatbot(db, owner.token, "not-a-uuid")).toMatchObject({ user: { id: owner.user.id }, chatbot: null });
    await revokeApiToken(db, stranger.user.id, stranger.apiToken.id);
    expect(await authenticateTokenWithChatbot(db, stranger.token, bot.id)).toBeNull();
    await db.chatbot.update({ where: { id: bot.id }, data: { deletedAt: new Date() } });
    await expect(readableChatbot(db, owner.user.id, bot.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(loadPublicChatbot(db, bot.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await authenticateTokenWithChatbot(db, owner.token, bot.id))?.chatbot).toBeNull();
  });

  it("resolves the agency with its client workspace or webhook in one read, as Prisma reads them", async () => {
    const owner = await agencyOwner(db);
    const other = await agencyOwner(db);
    const client = await clientWorkspace(db, owner.agency, "Mine");
    const theirs = await clientWorkspace(db, other.agency, "Theirs");
    const gone = await db.team.update({ where: { id: (await clientWorkspace(db, owner.agency, "Gone")).id }, data: { deletedAt: new Date() } });
    const hook = await db.webhook.create({ data: { teamId: owner.agency.id, url: "https://hooks.example.test/a", events: ["lead.captured"], secret: "s" } });
    const theirHook = await db.webhook.create({ data: { teamId: other.agency.id, url: "https://hooks.example.test/b", secret: "s" } });

    const agency = await db.team.findUniqueOrThrow({ where: { id: owner.agency.id } });
    expect(await ownedAgency(db, owner.user.id)).toEqual(agency);
    expect(await agencyWithClient(db, owner.user.id, client.id)).toEqual({ agency, client: await db.team.findUniqueOrThrow({ where: { id: client.id } }) });
    expect(await agencyWithWebhook(db, owner.user.id, hook.id)).toEqual({ agency, webhook: await db.webhook.findUniqueOrThrow({ where: { id: hook.id } }) });
    for (const id of [theirs.id, gone.id, "not-a-uuid", agency.id]) {
      await expect(agencyWithClient(db, owner.user.id, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    for (const id of [theirHook.id, "not-a-uuid"]) await expect(agencyWithWebhook(db, owner.user.id, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const stranger = await userWithToken(db, "No agency");
    await expect(agencyWithClient(db, stranger.user.id, client.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(agencyWithWebhook(db, stranger.user.id, hook.id)).rejects.toMatchObject({ code: "FORBIDDEN" });

    // Read with the token (`/v1/agency/...` paths): the same user, agency, client and endpoint rows as
    // Prisma reads, by the same rules (another agency's, a deleted or a malformed id is none).
    const user = await db.user.findUniqueOrThrow({ where: { id: owner.user.id } });
    const auth = (ids?: { clientId?: string; webhookId?: string }) => authenticateTokenWithAgency(db, owner.token, ids);
    expect(await auth()).toEqual({ user, tokenId: owner.apiToken.id, scope: { agency } });
    expect(await auth({ clientId: client.id })).toEqual({ user, tokenId: owner.apiToken.id, scope: { agency, client: await db.team.findUniqueOrThrow({ where: { id: client.id } }) } });
    expect(await auth({ webhookId: hook.id })).toEqual({ user, tokenId: owner.apiToken.id, scope: { agency, webhook: await db.webhook.findUniqueOrThrow({ where: { id: hook.id } }) } });
    for (const id of [theirs.id, gone.id, "not-a-uuid", agency.id]) expect((await auth({ clientId: id }))!.scope).toEqual({ agency, client: null });
    for (const id of [theirHook.id, "not-a-uuid"]) expect((await auth({ webhookId: id }))!.scope).toEqual({ agency, webhook: null });
    expect(await authenticateTokenWithAgency(db, stranger.token, { clientId: client.id })).toMatchObject({ tokenId: stranger.apiToken.id, scope: { agency: null, client: null } });
    await revokeApiToken(db, stranger.user.id, stranger.apiToken.id);
    expect(await authenticateTokenWithAgency(db, stranger.token)).toBeNull();
    expect(await authenticateTokenWithAgency(db, "acp_not-a-token")).toBeNull();
  });

  it("lists prompts, sources, updated answers and webhook endpoints as the Prisma reads did, in order, never another's", async () => {
    const owner = await agencyOwner(db);
    const other = await agencyOwner(db);
    const workspace = await clientWorkspace(db, owner.agency);
    const bot = await chatbot(db, workspace.id, owner.user.id, "Lists");
    const elsewhere = await chatbot(db, workspace.id, owner.user.id, "Elsewhere");
    for (const [i, chatbotId] of [bot.id, bot.id, elsewhere.id, bot.id].entries()) {
      await db.suggestedMessage.create({ data: { chatbotId, name: `M${i}`, prompt: `P${i}`, position: 3 - i, ...(i === 1 ? { type: "link", action: { url: "https://example.test" } } : {}) } });
      await db.source.create({ data: { chatbotId, type: "text", title: `S${i}`, bodyText: "kept text", status: i === 0 ? "failed" : "trained", statusReason: i === 0 ? "why" : null, trainedAt: new Date(), chunkCount: i } });
      await db.updatedAnswer.create({ data: { chatbotId, question: `Q${i}?`, suggestedAnswer: `A${i}.` } });
    }
    await db.source.updateMany({ where: { chatbotId: bot.id, title: "S3" }, data: { deletedAt: new Date() } });
    for (const [i, teamId] of [owner.agency.id, other.agency.id, owner.agency.id].entries()) {
      await db.webhook.create({ data: { teamId, url: `https://hooks.example.test/${i}`, events: i === 0 ? ["lead.captured"] : undefined, secret: "s" } });
    }

    const byAge = [{ createdAt: "asc" as const }, { id: "asc" as const }];
    expect(await listSuggestedMessages(db, bot.id)).toEqual(
      (await db.suggestedMessage.findMany({ where: { chatbotId: bot.id }, orderBy: [{ position: "asc" }, ...byAge] })).map(serializeSuggestedMessage),
    );
    const sources = await db.source.findMany({ where: { chatbotId: bot.id, deletedAt: null }, orderBy: byAge });
    expect(sources).toHaveLength(2);
    expect(await listSources(db, bot.id)).toEqual(sources.map(serializeSource));
    expect(await listSourcesWithReasons(db, bot.id)).toEqual(sources.map(serializeSourceWithReason));
    expect(await listUpdatedAnswers(db, bot.id)).toEqual((await db.updatedAnswer.findMany({ where: { chatbotId: bot.id }, orderBy: byAge })).map(serializeUpdatedAnswer));
    const hooks = await db.webhook.findMany({ where: { teamId: owner.agency.id }, orderBy: byAge });
    expect(hooks).toHaveLength(2);
    expect(await listWebhooks(db, owner.agency)).toEqual(hooks.map(serializeWebhook));
  });

  it("lists conversations page by page as Prisma does, for every inbox filter, never another chatbot's", async () => {
    const owner = await agencyOwner(db);
    const workspace = await clientWorkspace(db, owner.agency);
    const bot = await chatbot(db, workspace.id, owner.user.id, "Inbox");
    const elsewhere = await chatbot(db, workspace.id, owner.user.id, "Elsewhere");
    const visitors = await Promise.all(
      ["de", null, "fr"].map((code, i) => db.visitor.create({ data: { chatbotId: bot.id, visitorKey: `v${i}`, countryCode: code } })),
    );
    const t0 = Date.now() - 3_600_000;
    for (let i = 0; i < 9; i++) {
      const conversation = await db.conversation.create({
        data: {
          chatbotId: bot.id,
          visitorId: visitors[i % 3]!.id,
          archived: i % 4 === 3,
          unread: i % 2 === 0,
          sentiment: i % 3 === 1 ? "negative" : null,
          // Two share a last message time: the id decides their order.
          lastMessageAt: new Date(t0 + (i === 5 ? 4 : i) * 60_000),
        },
      });
      if (i === 2) await db.escalation.create({ data: { chatbotId: bot.id, conversationId: conversation.id, reason: "asked", message: "a human please" } });
    }
    await db.contact.create({ data: { teamId: workspace.id, chatbotId: bot.id, visitorId: visitors[1]!.id, email: "lead@example.test" } });
    const foreignVisitor = await db.visitor.create({ data: { chatbotId: elsewhere.id, visitorKey: "x" } });
    await db.conversation.createMany({ data: Array.from({ length: 3 }, () => ({ chatbotId: elsewhere.id, visitorId: foreignVisitor.id })) });

    const filters: InboxFilter[] = ["all", "unread", "archived", "lead", "escalated", "negative", "people"];
    for (const filter of filters) {
      for (const archived of [undefined, true, false]) {
        for (const page of [1, 2, 3, 9]) {
          const q = { page, per_page: 3, filter, archived };
          expect(await listConversations(db, bot.id, q), `${filter} archived=${archived} page ${page}`).toEqual(await prismaConversations(db, bot.id, q));
        }
      }
    }
    expect((await listConversations(db, bot.id, { page: 1, per_page: 25 })).total).toBe(9);

    // One conversation with its transcript: messages in order (a question and its answer may share a time),
    // sources, feedback, and a timestamp with microseconds written by SQL.
    const [first] = (await listConversations(db, bot.id, { page: 1, per_page: 1 })).data;
    const at = new Date(t0);
    const question = await db.message.create({ data: { conversationId: first!.id, chatbotId: bot.id, role: "user", content: "Hi?", createdAt: at } });
    const answer = await db.message.create({
      data: { conversationId: first!.id, chatbotId: bot.id, role: "assistant", content: "Hello!", answered: true, sources: [{ id: "s1", url: null, title: "FAQ" }], createdAt: at },
    });
    await db.$executeRaw`INSERT INTO messages (conversation_id, chatbot_id, role, content, answered, created_at)
                         VALUES (${first!.id}::uuid, ${bot.id}::uuid, 'assistant', 'Later', false, now() + interval '1.234567 seconds')`;
    await db.feedback.create({ data: { chatbotId: bot.id, conversationId: first!.id, messageId: answer.id, rating: "negative" } });
    const prismaDetail = async (id: string) => {
      const conversation = await db.conversation.findFirstOrThrow({ where: { id, chatbotId: bot.id }, include: { visitor: { select: { countryCode: true } } } });
      const messages = await db.message.findMany({ where: { conversationId: id }, include: { feedback: { select: { rating: true } } }, orderBy: [{ createdAt: "asc" }, { role: "desc" }] });
      return { conversation: serializeConversation(conversation), messages: messages.map(serializeMessage) };
    };
    const detail = await getConversation(db, bot.id, first!.id);
    expect(detail).toEqual(await prismaDetail(first!.id));
    expect(detail.messages.map((m) => [m.id === question.id, m.feedback])).toEqual([[true, null], [false, "negative"], [false, null]]);
    const empty = (await listConversations(db, bot.id, { page: 9, per_page: 1 })).data[0]!;
    expect(await getConversation(db, bot.id, empty.id)).toEqual(await prismaDetail(empty.id));
    const foreign = await db.conversation.findFirstOrThrow({ where: { chatbotId: elsewhere.id } });
    for (const id of [foreign.id, "nope"]) await expect(getConversation(db, bot.id, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("lists contacts and webhook deliveries page by page as Prisma does, never another chatbot's or webhook's", async () => {
    const owner = await agencyOwner(db);
    const workspace = await clientWorkspace(db, owner.agency);
    const [bot, elsewhere] = [await chatbot(db, workspace.id, owner.user.id, "Leads"), await chatbot(db, workspace.id, owner.user.id, "Other")];
    const t0 = Date.now() - 3_600_000;
    for (const [i, target] of [bot, bot, bot, elsewhere, bot, bot].entries()) {
      const visitor = await db.visitor.create({ data: { chatbotId: target.id, visitorKey: `c${i}` } });
      await db.contact.create({
        data: {
          teamId: workspace.id,
          chatbotId: target.id,
          visitorId: visitor.id,
          email: `c${i}@example.test`,
          phone: i % 2 ? "+4912345" : null,
          firstName: "Ann",
          customData: i === 1 ? { plan: "pro", n: 3 } : undefined,
          createdAt: new Date(t0 + (i === 4 ? 2 : i) * 1000),
        },
      });
    }
    for (const page of [1, 2, 3, 4]) {
      const rows = await db.contact.findMany({ where: { chatbotId: bot.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (page - 1) * 2, take: 2 });
      expect(await listContacts(db, bot.id, page, 2)).toEqual({ current_page: page, data: rows.map(serializeContact), per_page: 2, total: 5 });
    }

    const hook = await db.webhook.create({ data: { teamId: owner.agency.id, url: "https://hooks.example.test/a", secret: "s" } });
    const otherHook = await db.webhook.create({ data: { teamId: owner.agency.id, url: "https://hooks.example.test/b", secret: "s" } });
    await db.webhookDelivery.createMany({
      data: Array.from({ length: 7 }, (_, i) => ({
        webhookId: i === 3 ? otherHook.id : hook.id,
        event: "conversation.created",
        payload: { n: i, nested: { ok: true } },
        responseStatus: i % 2 ? 200 : null,
        attempts: i,
        lastError: i % 2 ? null : "timeout",
        deliveredAt: i % 2 ? new Date(t0 + i) : null,
        createdAt: new Date(t0 + (i === 5 ? 4 : i) * 1000),
      })),
    });
    const webhook = await db.webhook.findUniqueOrThrow({ where: { id: hook.id } });
    for (const page of [1, 2, 3, 5]) {
      const rows = await db.webhookDelivery.findMany({ where: { webhookId: hook.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (page - 1) * 4, take: 4 });
      expect(await listDeliveries(db, webhook, page, 4)).toEqual({ current_page: page, data: rows.map(serializeDelivery), per_page: 4, total: 6 });
    }
  });

  it("reads client workspaces, their usage and agents as the Prisma forms do, never another agency's or a deleted one", async () => {
    const owner = await agencyOwner(db);
    const other = await agencyOwner(db);
    const agency = await db.team.findUniqueOrThrow({ where: { id: owner.agency.id } });
    const t0 = Date.now() - 3_600_000;
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        await db.team.create({
          data: {
            name: `Client ${i}`,
            kind: "client",
            plan: "agency_client",
            ownerId: owner.user.id,
            agencyId: agency.id,
            externalReference: i < 2 ? "crm-1" : `crm-${i}`,
            status: i === 1 ? "paused" : "active",
            pauseMode: i === 1 ? "soft" : null,
            messageLimit: i === 2 ? 10 : null,
            messagesUsed: i,
            topupCredits: 5,
            poolMessagesUsed: 10 * i,
            enabledIntegrations: ["zapier"],
            deletedAt: i === 4 ? new Date() : null,
            createdAt: new Date(t0 + (i === 3 ? 2 : i) * 1000),
          },
        }),
      );
    }
    await clientWorkspace(db, other.agency, "Not mine");
    const [withAgents] = made;
    const a1 = await chatbot(db, withAgents!.id, owner.user.id, "A1");
    await chatbot(db, withAgents!.id, owner.user.id, "A2");
    await db.chatbot.update({ where: { id: (await chatbot(db, withAgents!.id, owner.user.id, "Deleted")).id }, data: { deletedAt: new Date() } });
    await db.chatbot.update({ where: { id: a1.id }, data: { enabled: false } });
    await db.source.createMany({ data: [{ chatbotId: a1.id, title: "s1" }, { chatbotId: a1.id, title: "s2" }, { chatbotId: a1.id, title: "gone", deletedAt: new Date() }] });

    const prismaClients = async (filter: { external_reference?: string; status?: "active" | "paused" | "suspended"; page: number; per_page: number }) => {
      const where: Prisma.TeamWhereInput = {
        agencyId: agency.id,
        kind: "client",
        deletedAt: null,
        ...(filter.external_reference !== undefined ? { externalReference: filter.external_reference } : {}),
        ...(filter.status ? { status: filter.status } : {}),
      };
      const [total, teams, pool] = await Promise.all([
        db.team.count({ where }),
        db.team.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (filter.page - 1) * filter.per_page, take: filter.per_page }),
        agencyPool(db, agency.id),
      ]);
      const usage = await usageOf(db, teams.map((t) => t.id));
      return { current_page: filter.page, data: teams.map((t) => serializeClient(t, pool, usage.get(t.id)!)), per_page: filter.per_page, total };
    };
    for (const filter of [{}, { external_reference: "crm-1" }, { status: "paused" as const }, { status: "active" as const, external_reference: "crm-3" }]) {
      for (const page of [1, 2, 3]) {
        const q = { ...filter, page, per_page: 2 };
        expect(await listClients(db, agency, q), JSON.stringify(q)).toEqual(await prismaClients(q));
      }
    }
    // Newest first (Clients 2 and 3 share a creation time: the id decides), the deleted one and another agency's left out.
    const names = (await listClients(db, agency, { page: 1, per_page: 25 })).data.map((c) => c.name);
    expect([names.slice(0, 2).sort(), names.slice(2)]).toEqual([["Client 2", "Client 3"], ["Client 1", "Client 0"]]);

    const team = await db.team.findUniqueOrThrow({ where: { id: withAgents!.id } });
    const pool = await agencyPool(db, agency.id);
    expect(await getClient(db, agency, team)).toEqual(serializeClient(team, pool, { chatbots: 2, sources: 2 }));
    const agents = await db.chatbot.findMany({ where: { teamId: team.id, deletedAt: null }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    expect(await listAgents(db, agency, team)).toEqual(agents.map((c) => serializeAgentSummary(c, messagesRemaining(team, pool))));
    expect(await listAgents(db, agency, made[2]!)).toEqual([]);
  });
});

/** The conversation list's Prisma form (before docs/decisions/038-hot-paths-in-named-sql.md), the reference for the one-statement read. */
async function prismaConversations(db: Db, chatbotId: string, q: { page: number; per_page: number; archived?: boolean; filter: InboxFilter }) {
  const base: Prisma.ConversationWhereInput = { chatbotId, ...(q.archived !== undefined ? { archived: q.archived } : {}) };
  const where: Prisma.ConversationWhereInput = {
    all: base,
    unread: { ...base, unread: true, archived: q.archived ?? false },
    archived: { ...base, archived: true },
    lead: { ...base, visitor: { contacts: { some: { chatbotId } } } },
    escalated: { ...base, escalations: { some: {} } },
    negative: { ...base, sentiment: "negative" },
    people: { ...base, status: { in: ["waiting", "human"] } },
  }[q.filter];
  const [rows, total] = await Promise.all([
    db.conversation.findMany({
      where,
      include: { visitor: { select: { countryCode: true } } },
      orderBy: [{ lastMessageAt: "desc" }, { id: "desc" }],
      skip: (q.page - 1) * q.per_page,
      take: q.per_page,
    }),
    db.conversation.count({ where }),
  ]);
  return { current_page: q.page, data: rows.map(serializeConversation), per_page: q.per_page, total };
}
