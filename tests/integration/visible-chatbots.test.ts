import { beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "@/server/transport/root";
import type { Context } from "@/server/access/procedures";
import type { Db } from "@/server/kernel/db/client";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot, clientWorkspace, conversations, userWithToken } from "../helpers/fixtures";

/** docs/decisions/007-tenancy-and-the-access-layer.md "who sees which chatbots", through the real procedures. */
describe("me.chatbots", () => {
  let db: Db;
  const callerFor = (user: Context["user"]) => createCaller({ db, user, via: "token", tokenId: null });

  beforeAll(async () => {
    ({ db } = await createTestDatabase());
  });

  it("lists the chatbots of the user's teams and of the workspaces of agencies they own, nothing else", async () => {
    const owner = await agencyOwner(db);
    const member = await userWithToken(db, "Member");
    const stranger = await userWithToken(db, "Stranger");
    const workspace = await clientWorkspace(db, owner.agency);
    const otherAgency = await agencyOwner(db);
    const foreignWorkspace = await clientWorkspace(db, otherAgency.agency);

    const inWorkspace = await chatbot(db, workspace.id, owner.user.id, "Workspace bot");
    const inAgency = await chatbot(db, owner.agency.id, owner.user.id, "Agency bot");
    const foreign = await chatbot(db, foreignWorkspace.id, otherAgency.user.id, "Foreign bot");
    await db.membership.create({ data: { teamId: workspace.id, userId: member.user.id, role: "member" } });

    const ids = async (user: Context["user"]) => (await callerFor(user).me.chatbots()).map((c) => c.id).sort();
    expect(await ids(owner.user)).toEqual([inWorkspace.id, inAgency.id].sort());
    expect(await ids(member.user)).toEqual([inWorkspace.id]);
    expect(await ids(stranger.user)).toEqual([]);
    expect(await ids(otherAgency.user)).toEqual([foreign.id]);
  });

  it("counts open (not archived) and unread conversations", async () => {
    const { user } = await userWithToken(db);
    const bot = await chatbot(db, user.currentTeamId!, user.id);
    const quiet = await chatbot(db, user.currentTeamId!, user.id, "Quiet");
    await conversations(db, bot.id, { open: 7, unread: 3, archived: 4 });
    const list = await callerFor(user).me.chatbots();
    expect(list.find((c) => c.id === bot.id)).toMatchObject({ open_count: 7, unread_count: 3 });
    expect(list.find((c) => c.id === quiet.id)).toMatchObject({ open_count: 0, unread_count: 0 });
  });

  it("leaves out deleted chatbots", async () => {
    const { user } = await userWithToken(db);
    const bot = await chatbot(db, user.currentTeamId!, user.id);
    await db.chatbot.update({ where: { id: bot.id }, data: { deletedAt: new Date() } });
    expect(await callerFor(user).me.chatbots()).toEqual([]);
  });

  it("refuses anonymous callers", async () => {
    await expect(callerFor(null).me.chatbots()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});
