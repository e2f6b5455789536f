import { beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "@/server/transport/root";
import type { Context, ErrorData } from "@/server/access/procedures";
import type { Db } from "@/server/kernel/db/client";
import { createTestDatabase } from "../helpers/db";
import { trpcFailure } from "../helpers/trpc-failure";
import { chatbot, clientWorkspace, conversations, suggestedMessages, updatedAnswers, userWithToken, workspaceWithRoles, type WorkspaceWithRoles } from "../helpers/fixtures";

/** Dashboard management of chatbots through the real procedures: validation, roles, tenancy, ordering. */
let db: Db;
let owner: WorkspaceWithRoles["owner"];
let workspace: WorkspaceWithRoles["workspace"];
let admin: WorkspaceWithRoles["admin"];
let editor: WorkspaceWithRoles["editor"];
let member: WorkspaceWithRoles["member"];
let stranger: WorkspaceWithRoles["stranger"];

const callerFor = (user: Context["user"]) => createCaller({ db, user, via: "session", tokenId: null });


beforeAll(async () => {
  ({ db } = await createTestDatabase());
  ({ owner, workspace, admin, editor, member, stranger } = await workspaceWithRoles(db));
});

const newBot = (name = "Bot") => chatbot(db, workspace.id, owner.user.id, name);

describe("chatbots.overview (role for the dashboard)", () => {
  it("tells each role what it may do", async () => {
    const bot = await newBot();
    const overview = async (user: Context["user"]) => callerFor(user).chatbots.overview({ chatbot_id: bot.id });
    expect(await overview(owner.user)).toMatchObject({ role: "owner", can_edit: true, can_view_contacts: true, chatbot: { id: bot.id, team_name: "Harbor Dental", type: "custom" } });
    expect(await overview(admin.user)).toMatchObject({ role: "admin", can_edit: true, can_view_contacts: true });
    expect(await overview(editor.user)).toMatchObject({ role: "editor", can_edit: true, can_view_contacts: true });
    expect(await overview(member.user)).toMatchObject({ role: "member", can_edit: false, can_view_contacts: false, has_conversations: false });
    await conversations(db, bot.id, { open: 1, unread: 0, archived: 0 });
    expect((await overview(member.user)).has_conversations).toBe(true);
    expect((await trpcFailure(overview(stranger.user))).code).toBe("NOT_FOUND");
    expect((await trpcFailure(callerFor(owner.user).chatbots.overview({ chatbot_id: "nope" }))).code).toBe("NOT_FOUND");
  });
});

describe("chatbots.update", () => {
  it("changes only the fields sent and returns the documented settings", async () => {
    const bot = await newBot();
    const updated = await callerFor(editor.user).chatbots.update({
      chatbot_id: bot.id,
      welcome_message: "  Welcome to Harbor!  ",
      temperature: 1.1,
      enable_sources: false,
      accent_color: "radial-gradient(circle, #0ea5e9, #6366f1)",
      description: "",
    });
    expect(updated).toMatchObject({ welcome_message: "Welcome to Harbor!", temperature: 1.1, enable_sources: 0, accent_color: "radial-gradient(circle, #0ea5e9, #6366f1)", description: null });
    expect(updated.name).toBe("Bot");
    const row = await db.chatbot.findUniqueOrThrow({ where: { id: bot.id } });
    expect(row).toMatchObject({ welcomeMessage: "Welcome to Harbor!", temperature: 1.1, enableSources: false, topK: 4 });
    expect(row.updatedAt.getTime()).toBeGreaterThan(bot.updatedAt.getTime());
  });

  it("answers 422 naming each invalid field", async () => {
    const bot = await newBot();
    const result = await trpcFailure(
      callerFor(owner.user).chatbots.update({ chatbot_id: bot.id, temperature: 3, topK: 0, accent_color: "url(x)", height: 100, font_size: "xl" as "sm" }),
    );
    expect(result.code).toBe("UNPROCESSABLE_CONTENT");
    expect(result.status).toBe(422);
    expect(Object.keys(result.errors ?? {}).sort()).toEqual(["accent_color", "font_size", "height", "temperature", "topK"]);
    expect(result.errors?.temperature?.[0]).toBe("The temperature field must not be greater than 2.");
    expect(result.errors?.topK?.[0]).toBe("The topK field must be at least 1.");
    expect(result.message).toMatch(/\(and 4 more errors\)$/);
    expect((await db.chatbot.findUniqueOrThrow({ where: { id: bot.id } })).temperature).toBe(0.2);
  });

  it("checks rules across fields against the stored settings", async () => {
    const bot = await newBot();
    const caller = callerFor(admin.user);
    const noEmail = await trpcFailure(caller.chatbots.update({ chatbot_id: bot.id, enable_escalations_notification: true }));
    expect(noEmail.code).toBe("UNPROCESSABLE_CONTENT");
    expect(noEmail.errors).toEqual({ escalations_email: ["The escalations email field is required when escalation notifications are enabled."] });

    await caller.chatbots.update({ chatbot_id: bot.id, enable_escalations_notification: true, escalations_email: "desk@harbor.example" });
    // Clearing the email later is refused too, although the patch does not mention notifications.
    const cleared = await trpcFailure(caller.chatbots.update({ chatbot_id: bot.id, escalations_email: "" }));
    expect(Object.keys(cleared.errors ?? {})).toEqual(["escalations_email"]);
    const bad = await trpcFailure(caller.chatbots.update({ chatbot_id: bot.id, escalations_email: "not-an-email" }));
    expect(bad.errors?.escalations_email?.[0]).toMatch(/valid email/);
  });

  it("normalizes the domain and makes a new one unverified", async () => {
    const bot = await newBot();
    await db.chatbot.update({ where: { id: bot.id }, data: { domain: "old.example.com", domainVerified: true } });
    const same = await callerFor(owner.user).chatbots.update({ chatbot_id: bot.id, domain: "old.example.com", name: "Renamed" });
    expect(same).toMatchObject({ domain: "old.example.com", domain_verified: 1, name: "Renamed" });
    const moved = await callerFor(owner.user).chatbots.update({ chatbot_id: bot.id, domain: "https://New.Example.com/help" });
    expect(moved).toMatchObject({ domain: "new.example.com", domain_verified: 0 });
  });

  it("is FORBIDDEN for a member and NOT_FOUND for another tenant, changing nothing", async () => {
    const bot = await newBot();
    const forbidden = await trpcFailure(callerFor(member.user).chatbots.update({ chatbot_id: bot.id, name: "Hijacked" }));
    expect(forbidden).toMatchObject({ code: "FORBIDDEN", status: 403 });
    const notFound = await trpcFailure(callerFor(stranger.user).chatbots.update({ chatbot_id: bot.id, name: "Hijacked" }));
    expect(notFound).toMatchObject({ code: "NOT_FOUND", status: 404 });
    expect((await db.chatbot.findUniqueOrThrow({ where: { id: bot.id } })).name).toBe("Bot");
  });

  it("carries the field errors to the dashboard in the error shape", async () => {
    const bot = await newBot();
    // What the browser receives from /api/trpc: the error formatter's data.fieldErrors.
    const { fetchRequestHandler } = await import("@trpc/server/adapters/fetch");
    const { appRouter } = await import("@/server/transport/root");
    const res = await fetchRequestHandler({
      endpoint: "/api/trpc",
      router: appRouter,
      req: new Request("http://localhost/api/trpc/chatbots.update", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ chatbot_id: bot.id, history_count: 99 }),
      }),
      createContext: () => ({ db, user: owner.user, via: "session" as const, tokenId: null }),
    });
    expect(res.status).toBe(422);
    const data = ((await res.json()) as { error: { data: ErrorData } }).error.data;
    expect(data.httpStatus).toBe(422);
    expect(data.fieldErrors).toEqual({ history_count: ["The history count field must not be greater than 50."] });
  });
});

describe("chatbots.create and editableTeams", () => {
  it("lists the teams where the caller may create chatbots", async () => {
    const teams = async (user: Context["user"]) => (await callerFor(user).chatbots.editableTeams()).map((t) => t.name);
    const ownerTeams = await teams(owner.user);
    expect(ownerTeams).toContain("Harbor Dental");
    expect(ownerTeams).toContain("Agency");
    expect(await teams(editor.user)).toContain("Harbor Dental");
    expect(await teams(member.user)).not.toContain("Harbor Dental");
    expect(await teams(stranger.user)).not.toContain("Harbor Dental");
  });

  it("creates a chatbot in an editable team, visible in the user's list", async () => {
    const created = await callerFor(editor.user).chatbots.create({ team_id: workspace.id, name: "  New helper " });
    expect(created).toMatchObject({ name: "New helper", user_id: editor.user.id, enable_sources: 1 });
    const row = await db.chatbot.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({ teamId: workspace.id, type: "custom" });
    expect((await callerFor(member.user).me.chatbots()).map((c) => c.id)).toContain(created.id);
  });

  it("refuses members, other tenants, bad names, suspended workspaces and a reached limit", async () => {
    expect((await trpcFailure(callerFor(member.user).chatbots.create({ team_id: workspace.id, name: "X" }))).code).toBe("FORBIDDEN");
    expect((await trpcFailure(callerFor(stranger.user).chatbots.create({ team_id: workspace.id, name: "X" }))).code).toBe("NOT_FOUND");
    expect((await trpcFailure(callerFor(owner.user).chatbots.create({ team_id: "not-a-uuid", name: "X" }))).code).toBe("NOT_FOUND");
    const blank = await trpcFailure(callerFor(owner.user).chatbots.create({ team_id: workspace.id, name: "   " }));
    expect(blank).toMatchObject({ code: "UNPROCESSABLE_CONTENT", errors: { name: ["The name field is required."] } });

    const suspended = await clientWorkspace(db, owner.agency, "Suspended");
    await db.team.update({ where: { id: suspended.id }, data: { status: "suspended" } });
    const refused = await trpcFailure(callerFor(owner.user).chatbots.create({ team_id: suspended.id, name: "X" }));
    expect(refused).toMatchObject({ code: "UNPROCESSABLE_CONTENT", status: 422 });
    expect(refused.message).toMatch(/suspended/);

    const limited = await clientWorkspace(db, owner.agency, "Limited");
    await db.team.update({ where: { id: limited.id }, data: { chatbotLimit: 1 } });
    await callerFor(owner.user).chatbots.create({ team_id: limited.id, name: "First" });
    const full = await trpcFailure(callerFor(owner.user).chatbots.create({ team_id: limited.id, name: "Second" }));
    expect(full.message).toBe("The workspace's chatbot_limit (1) is reached.");
  });
});

describe("chatbots.prompts", () => {
  const names = async (chatbotId: string) => (await callerFor(member.user).chatbots.prompts.list({ chatbot_id: chatbotId })).map((m) => m.name);

  it("creates messages and links at the end of the list", async () => {
    const bot = await newBot();
    const caller = callerFor(editor.user);
    const message = await caller.chatbots.prompts.create({ chatbot_id: bot.id, type: "message", name: "Hours", prompt: "When are you open?" });
    expect(message).toMatchObject({ type: "message", prompt: "When are you open?", action: null, chatbot_id: bot.id });
    const link = await caller.chatbots.prompts.create({ chatbot_id: bot.id, type: "link", name: "Book", url: "https://harbor.example/book" });
    expect(link).toMatchObject({ type: "link", prompt: "", action: { url: "https://harbor.example/book" } });
    expect(await names(bot.id)).toEqual(["Hours", "Book"]);
  });

  it("edits a message into a link and back", async () => {
    const bot = await newBot();
    const [m] = await suggestedMessages(db, bot.id, [{ name: "Pricing", prompt: "How much?" }]);
    const caller = callerFor(admin.user);
    const asLink = await caller.chatbots.prompts.update({ chatbot_id: bot.id, id: m!.id, type: "link", name: "Prices", url: "http://harbor.example/prices" });
    expect(asLink).toMatchObject({ name: "Prices", type: "link", prompt: "", action: { url: "http://harbor.example/prices" } });
    const back = await caller.chatbots.prompts.update({ chatbot_id: bot.id, id: m!.id, type: "message", name: "Prices", prompt: "What do you charge?" });
    expect(back).toMatchObject({ type: "message", action: null, prompt: "What do you charge?" });
    expect((await db.suggestedMessage.findUniqueOrThrow({ where: { id: m!.id } })).action).toBeNull();
  });

  it("validates by type, naming the field", async () => {
    const bot = await newBot();
    const caller = callerFor(owner.user);
    const noUrl = await trpcFailure(caller.chatbots.prompts.create({ chatbot_id: bot.id, type: "link", name: "Book" }));
    expect(noUrl).toMatchObject({ code: "UNPROCESSABLE_CONTENT", errors: { url: ["The url field is required for a link."] } });
    const js = await trpcFailure(caller.chatbots.prompts.create({ chatbot_id: bot.id, type: "link", name: "Book", url: "javascript:alert(1)" }));
    expect(Object.keys(js.errors ?? {})).toEqual(["url"]);
    const noPrompt = await trpcFailure(caller.chatbots.prompts.create({ chatbot_id: bot.id, type: "message", name: "Hi", prompt: " " }));
    expect(Object.keys(noPrompt.errors ?? {})).toEqual(["prompt"]);
  });

  it("moves up and down and sets a whole order", async () => {
    const bot = await newBot();
    const rows = await suggestedMessages(db, bot.id, [{ name: "A" }, { name: "B" }, { name: "C" }]);
    const [a, b, c] = rows.map((r) => r.id) as [string, string, string];
    const caller = callerFor(editor.user);

    const moved = await caller.chatbots.prompts.move({ chatbot_id: bot.id, id: c, direction: "up" });
    expect(moved.map((m) => m.name)).toEqual(["A", "C", "B"]);
    await caller.chatbots.prompts.move({ chatbot_id: bot.id, id: a, direction: "down" });
    expect(await names(bot.id)).toEqual(["C", "A", "B"]);
    // Moving the first one up changes nothing.
    await caller.chatbots.prompts.move({ chatbot_id: bot.id, id: c, direction: "up" });
    expect(await names(bot.id)).toEqual(["C", "A", "B"]);

    const reordered = await caller.chatbots.prompts.reorder({ chatbot_id: bot.id, ids: [b, c, a] });
    expect(reordered.map((m) => m.name)).toEqual(["B", "C", "A"]);
    const positions = await db.suggestedMessage.findMany({ where: { chatbotId: bot.id }, orderBy: { position: "asc" }, select: { id: true, position: true } });
    expect(positions).toEqual([
      { id: b, position: 0 },
      { id: c, position: 1 },
      { id: a, position: 2 },
    ]);

    const partial = await trpcFailure(caller.chatbots.prompts.reorder({ chatbot_id: bot.id, ids: [b, c] }));
    expect(partial).toMatchObject({ code: "UNPROCESSABLE_CONTENT", errors: { ids: [expect.stringMatching(/exactly once/)] } });
    expect((await trpcFailure(caller.chatbots.prompts.reorder({ chatbot_id: bot.id, ids: [b, b, a] }))).code).toBe("UNPROCESSABLE_CONTENT");
  });

  it("deletes and closes the gap in the positions", async () => {
    const bot = await newBot();
    const rows = await suggestedMessages(db, bot.id, [{ name: "A" }, { name: "B" }, { name: "C" }]);
    await callerFor(owner.user).chatbots.prompts.delete({ chatbot_id: bot.id, id: rows[1]!.id });
    expect(await names(bot.id)).toEqual(["A", "C"]);
    const positions = (await db.suggestedMessage.findMany({ where: { chatbotId: bot.id }, orderBy: { position: "asc" } })).map((m) => m.position);
    expect(positions).toEqual([0, 1]);
    const again = await trpcFailure(callerFor(owner.user).chatbots.prompts.delete({ chatbot_id: bot.id, id: rows[1]!.id }));
    expect(again.code).toBe("NOT_FOUND");
  });

  it("does not touch another chatbot's message through this chatbot's id", async () => {
    const bot = await newBot();
    const other = await newBot("Other");
    const [foreign] = await suggestedMessages(db, other.id, [{ name: "Theirs" }]);
    const result = await trpcFailure(callerFor(owner.user).chatbots.prompts.update({ chatbot_id: bot.id, id: foreign!.id, type: "message", name: "Mine", prompt: "x" }));
    expect(result.code).toBe("NOT_FOUND");
    expect(await names(other.id)).toEqual(["Theirs"]);
  });

  it("is read-only for a member and invisible to another tenant", async () => {
    const bot = await newBot();
    const [m] = await suggestedMessages(db, bot.id, [{ name: "A" }, { name: "B" }]);
    const memberCaller = callerFor(member.user);
    expect((await trpcFailure(memberCaller.chatbots.prompts.create({ chatbot_id: bot.id, type: "message", name: "X", prompt: "x" }))).code).toBe("FORBIDDEN");
    expect((await trpcFailure(memberCaller.chatbots.prompts.move({ chatbot_id: bot.id, id: m!.id, direction: "down" }))).code).toBe("FORBIDDEN");
    expect((await trpcFailure(memberCaller.chatbots.prompts.delete({ chatbot_id: bot.id, id: m!.id }))).code).toBe("FORBIDDEN");
    const strangerCaller = callerFor(stranger.user);
    expect((await trpcFailure(strangerCaller.chatbots.prompts.list({ chatbot_id: bot.id }))).code).toBe("NOT_FOUND");
    expect((await trpcFailure(strangerCaller.chatbots.prompts.delete({ chatbot_id: bot.id, id: m!.id }))).code).toBe("NOT_FOUND");
    expect(await names(bot.id)).toEqual(["A", "B"]);
  });

  it("caps the number of suggested messages", async () => {
    const bot = await newBot();
    await suggestedMessages(db, bot.id, Array.from({ length: 20 }, (_, i) => ({ name: `M${i}` })));
    const result = await trpcFailure(callerFor(owner.user).chatbots.prompts.create({ chatbot_id: bot.id, type: "message", name: "One more", prompt: "x" }));
    expect(result).toMatchObject({ code: "UNPROCESSABLE_CONTENT", message: "A chatbot can have at most 20 suggested messages." });
  });
});

describe("chatbots.finetunes", () => {
  it("creates with a generated vector id, edits and deletes", async () => {
    const bot = await newBot();
    const caller = callerFor(editor.user);
    const created = await caller.chatbots.finetunes.create({ chatbot_id: bot.id, question: " Do you take walk-ins? ", suggested_answer: "Yes, until 4 pm." });
    expect(created).toMatchObject({ chatbot_id: bot.id, question: "Do you take walk-ins?", suggested_answer: "Yes, until 4 pm." });
    expect(created.vector_id).toMatch(/^[0-9a-f-]{36}$/);

    const edited = await caller.chatbots.finetunes.update({ chatbot_id: bot.id, id: created.id, question: "Walk-ins?", suggested_answer: "Until 5 pm." });
    expect(edited).toMatchObject({ question: "Walk-ins?", suggested_answer: "Until 5 pm.", vector_id: created.vector_id });

    await caller.chatbots.finetunes.delete({ chatbot_id: bot.id, id: created.id });
    expect(await caller.chatbots.finetunes.list({ chatbot_id: bot.id })).toEqual([]);
  });

  it("validates both fields and respects roles and tenancy", async () => {
    const bot = await newBot();
    const [answer] = await updatedAnswers(db, bot.id, [{ question: "Q", answer: "A" }]);
    const empty = await trpcFailure(callerFor(owner.user).chatbots.finetunes.create({ chatbot_id: bot.id, question: "", suggested_answer: "x".repeat(5001) }));
    expect(empty.code).toBe("UNPROCESSABLE_CONTENT");
    expect(empty.errors).toEqual({
      question: ["The question field is required."],
      suggested_answer: ["The suggested answer field must not be greater than 5000 characters."],
    });
    expect((await trpcFailure(callerFor(member.user).chatbots.finetunes.update({ chatbot_id: bot.id, id: answer!.id, question: "Q2", suggested_answer: "A2" }))).code).toBe("FORBIDDEN");
    expect((await trpcFailure(callerFor(stranger.user).chatbots.finetunes.delete({ chatbot_id: bot.id, id: answer!.id }))).code).toBe("NOT_FOUND");
    expect((await trpcFailure(callerFor(owner.user).chatbots.finetunes.delete({ chatbot_id: bot.id, id: "bogus" }))).code).toBe("NOT_FOUND");
    expect((await db.updatedAnswer.findUniqueOrThrow({ where: { id: answer!.id } })).question).toBe("Q");
  });
});

describe("chatbots.sources.listWithReasons", () => {
  it("adds why a source failed, for the dashboard", async () => {
    const bot = await newBot();
    await db.source.create({ data: { chatbotId: bot.id, title: "Broken", status: "failed", statusReason: "HTTP 500 from the site" } });
    const [source] = await callerFor(member.user).chatbots.sources.listWithReasons({ chatbot_id: bot.id });
    expect(source).toMatchObject({ title: "Broken", status: "failed", status_reason: "HTTP 500 from the site" });
  });
});

describe("the access layer agrees with the visible chatbot list", () => {
  it("finds every chatbot of /v1/me/chatbots and nothing else", async () => {
    const { readableChatbot } = await import("@/server/access/lookups");
    const resolveChatbotRole = (db: Db, userId: string, id: string) => readableChatbot(db, userId, id).catch(() => null);
    const personal = await userWithToken(db);
    const own = await chatbot(db, personal.user.currentTeamId!, personal.user.id, "Own");
    for (const user of [owner.user, member.user, stranger.user, personal.user]) {
      const visible = new Set((await callerFor(user).me.chatbots()).map((c) => c.id));
      const all = await db.chatbot.findMany({ where: { deletedAt: null }, select: { id: true } });
      for (const { id } of all) {
        expect(Boolean(await resolveChatbotRole(db, user.id, id)), `${user.name} / ${id}`).toBe(visible.has(id));
      }
    }
    expect((await resolveChatbotRole(db, personal.user.id, own.id))?.role).toBe("owner");
  });
});
