import { beforeAll, describe, expect, it } from "vitest";
import { readableChatbot } from "@/server/access";
import { authenticateToken, revokeApiToken } from "@/server/auth/api-tokens";
import type { Db } from "@/server/db/client";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot, clientWorkspace, teamMember, userWithToken } from "../helpers/fixtures";

/**
 * The per-request reads of every `/v1` call are single SQL statements on the
 * pg pool (issue 14): they must give exactly what Prisma gives, so the
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

    const stranger = await userWithToken(db, "Stranger");
    await expect(readableChatbot(db, stranger.user.id, bot.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await db.chatbot.update({ where: { id: bot.id }, data: { deletedAt: new Date() } });
    await expect(readableChatbot(db, owner.user.id, bot.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
