import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { MICRO_TIMESTAMP } from "@/server/kernel/lib/timestamps";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot, clientWorkspace, sources, suggestedMessages, teamMember, updatedAnswers, userWithToken } from "../helpers/fixtures";
import { startAppServer } from "../helpers/server";

/** The contract's chatbot read endpoints over real HTTP against the production build. */
let base: string;
let db: Db;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let member: Awaited<ReturnType<typeof teamMember>>;
let stranger: Awaited<ReturnType<typeof agencyOwner>>;
let botId: string;
let foreignBotId: string;
let deletedBotId: string;
let promptIds: { pricing: string; book: string; hours: string };
let sourceIds: string[];
let answerIds: string[];

const SETTINGS_KEYS = [
  "id", "user_id", "name", "description", "welcome_message", "placeholder", "accent_color", "launcher_icon", "launcher_text", "header_icon",
  "share_icon", "font_size", "header_size", "height", "sources_label", "enable_sources", "hide_powered_by", "enable_hide_chatbot", "position",
  "domain", "domain_id", "domain_verified", "goals_prompt", "system_prompt", "user_prompt", "default_answer", "default_language",
  "history_count", "gpt_model", "temperature", "topK", "enable_escalations", "enable_escalations_notification", "escalations_email",
  "escalate_message_threshold", "enable_assistant_fallback", "fallback_excluded_topics", "created_at", "updated_at", "deleted_at",
];
const PROMPT_KEYS = ["id", "chatbot_id", "name", "prompt", "type", "action", "created_at", "updated_at"];
const SOURCE_KEYS = ["id", "chatbot_id", "type", "indexer", "indexer_id", "url", "path", "title", "status", "sync_frequency", "trained_at", "created_at", "updated_at", "deleted_at"];
const ANSWER_KEYS = ["id", "chatbot_id", "question", "suggested_answer", "vector_id", "created_at", "updated_at"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  owner = await agencyOwner(db);
  const workspace = await clientWorkspace(db, owner.agency, "Bloom");
  member = await teamMember(db, workspace.id, "member");
  stranger = await agencyOwner(db);

  const bot = await chatbot(db, workspace.id, owner.user.id, "Support bot");
  await db.chatbot.update({
    where: { id: bot.id },
    data: {
      description: "Answers shop questions",
      accentColor: "linear-gradient(135deg, #6366f1, #ec4899)",
      launcherText: "Chat with us",
      headerIcon: "https://cdn.example.test/h.png",
      enableSources: false,
      hidePoweredBy: true,
      domain: "www.bloom.example",
      domainVerified: true,
      userPrompt: "Keep it short.",
      temperature: 0.7,
      topK: 6,
      historyCount: 10,
      enableEscalations: true,
      enableEscalationsNotification: true,
      escalationsEmail: "help@bloom.example",
      escalateMessageThreshold: 4,
      fallbackExcludedTopics: "politics",
    },
  });
  botId = bot.id;

  // Created in one order, displayed in another: the list follows `position`.
  const [pricing, book, hours] = await suggestedMessages(db, botId, [
    { name: "Pricing", prompt: "How much is delivery?" },
    { name: "Book", url: "https://bloom.example/book" },
    { name: "Hours" },
  ]);
  promptIds = { pricing: pricing!.id, book: book!.id, hours: hours!.id };
  await db.suggestedMessage.update({ where: { id: promptIds.pricing }, data: { position: 2 } });
  await db.suggestedMessage.update({ where: { id: promptIds.book }, data: { position: 0 } });
  await db.suggestedMessage.update({ where: { id: promptIds.hours }, data: { position: 1 } });

  const sourceRows = await sources(db, botId, [
    { title: "Home page", status: "trained" },
    { title: "Old page", deleted: true },
    { title: "Policy text", status: "failed", url: null, reason: "Empty document" },
    { title: "Blog", status: "crawling" },
  ]);
  sourceIds = sourceRows.filter((s) => s.deletedAt === null).map((s) => s.id);

  answerIds = (
    await updatedAnswers(db, botId, [
      { question: "Do you deliver on Sundays?", answer: "Yes, 9 to 5." },
      { question: "Can I pay by invoice?", answer: "For business customers." },
    ])
  ).map((a) => a.id);

  const foreignWorkspace = await clientWorkspace(db, stranger.agency, "Foreign");
  foreignBotId = (await chatbot(db, foreignWorkspace.id, stranger.user.id, "Foreign bot")).id;
  const deleted = await chatbot(db, workspace.id, owner.user.id, "Deleted bot");
  await db.chatbot.update({ where: { id: deleted.id }, data: { deletedAt: new Date() } });
  deletedBotId = deleted.id;

  base = (await startAppServer(created.url)).baseUrl;
});

const get = (path: string, token: string | null = owner.token) =>
  fetch(`${base}${path}`, { headers: token ? { Authorization: `Bearer ${token}`, Accept: "application/json" } : { Accept: "application/json" } });

async function okJson(path: string, token?: string) {
  const res = await get(path, token);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return res.json();
}

const flag = (v: unknown) => expect([0, 1]).toContain(v);

describe("GET /v1/{chatbot_id}", () => {
  it("returns the settings object with every documented field and type", async () => {
    const body = await okJson(`/v1/${botId}`);
    expect(Object.keys(body).sort()).toEqual([...SETTINGS_KEYS].sort());
    expect(body).toEqual({
      id: botId,
      user_id: owner.user.id,
      name: "Support bot",
      description: "Answers shop questions",
      welcome_message: "Hi! How can I help you today?",
      placeholder: "Ask me anything...",
      accent_color: "linear-gradient(135deg, #6366f1, #ec4899)",
      launcher_icon: null,
      launcher_text: "Chat with us",
      header_icon: "https://cdn.example.test/h.png",
      share_icon: null,
      font_size: "md",
      header_size: "md",
      height: 640,
      sources_label: "Sources",
      enable_sources: 0,
      hide_powered_by: 1,
      enable_hide_chatbot: 0,
      position: "right",
      domain: "www.bloom.example",
      domain_id: expect.stringMatching(UUID),
      domain_verified: 1,
      goals_prompt: "",
      system_prompt: expect.any(String),
      user_prompt: "Keep it short.",
      default_answer: expect.any(String),
      default_language: "en",
      history_count: 10,
      gpt_model: "gpt-4o-mini",
      temperature: 0.7,
      topK: 6,
      enable_escalations: 1,
      enable_escalations_notification: 1,
      escalations_email: "help@bloom.example",
      escalate_message_threshold: 4,
      enable_assistant_fallback: 0,
      fallback_excluded_topics: "politics",
      created_at: expect.stringMatching(MICRO_TIMESTAMP),
      updated_at: expect.stringMatching(MICRO_TIMESTAMP),
      deleted_at: null,
    });
    for (const key of ["enable_sources", "hide_powered_by", "enable_hide_chatbot", "domain_verified", "enable_escalations", "enable_escalations_notification", "enable_assistant_fallback"]) {
      flag(body[key]);
    }
    for (const key of ["height", "history_count", "topK", "escalate_message_threshold"]) expect(Number.isInteger(body[key])).toBe(true);
    expect(typeof body.temperature).toBe("number");
  });

  it("shows the defaults of a fresh chatbot with nulls where nothing is set", async () => {
    const fresh = await chatbot(db, owner.user.currentTeamId!, owner.user.id, "Fresh");
    const body = await okJson(`/v1/${fresh.id}`);
    expect(body).toMatchObject({ description: null, domain: null, domain_verified: 0, user_prompt: null, enable_sources: 1, temperature: 0.2, topK: 4 });
  });

  it("is readable by a workspace member (read-only role)", async () => {
    expect((await okJson(`/v1/${botId}`, member.token)).id).toBe(botId);
  });
});

describe("GET /v1/{chatbot_id}/prompts", () => {
  it("returns a bare array of suggested messages in display order", async () => {
    const body = await okJson(`/v1/${botId}/prompts`);
    expect(Array.isArray(body)).toBe(true);
    expect(body.map((m: { id: string }) => m.id)).toEqual([promptIds.book, promptIds.hours, promptIds.pricing]);
    for (const m of body) {
      expect(Object.keys(m).sort()).toEqual([...PROMPT_KEYS].sort());
      expect(m.chatbot_id).toBe(botId);
      expect(m.created_at).toMatch(MICRO_TIMESTAMP);
      expect(m.updated_at).toMatch(MICRO_TIMESTAMP);
    }
    expect(body[0]).toMatchObject({ name: "Book", type: "link", prompt: "", action: { url: "https://bloom.example/book" } });
    expect(body[2]).toMatchObject({ name: "Pricing", type: "message", prompt: "How much is delivery?", action: null });
  });

  it("is an empty array for a chatbot without suggested messages", async () => {
    const empty = await chatbot(db, owner.user.currentTeamId!, owner.user.id, "Empty");
    expect(await okJson(`/v1/${empty.id}/prompts`)).toEqual([]);
  });
});

describe("GET /v1/{chatbot_id}/sources", () => {
  it("returns a bare array of live sources with their training status, oldest first", async () => {
    const body = await okJson(`/v1/${botId}/sources`);
    expect(Array.isArray(body)).toBe(true);
    expect(body.map((s: { id: string }) => s.id)).toEqual(sourceIds);
    for (const s of body) {
      expect(Object.keys(s).sort()).toEqual([...SOURCE_KEYS].sort());
      expect(s).toMatchObject({ chatbot_id: botId, type: "website", indexer: "crawler", indexer_id: null, path: null, sync_frequency: "never", deleted_at: null });
      expect(s.created_at).toMatch(MICRO_TIMESTAMP);
      expect(s.updated_at).toMatch(MICRO_TIMESTAMP);
    }
    expect(body.map((s: { status: string }) => s.status)).toEqual(["trained", "failed", "crawling"]);
    expect(body[0].trained_at).toMatch(MICRO_TIMESTAMP);
    expect(body[0].url).toBe("https://example.test/0");
    expect(body[1]).toMatchObject({ title: "Policy text", url: null, trained_at: null });
    expect(body[1]).not.toHaveProperty("status_reason");
  });
});

describe("GET /v1/{chatbot_id}/finetunes", () => {
  it("returns a bare array of updated answers, oldest first", async () => {
    const body = await okJson(`/v1/${botId}/finetunes`);
    expect(body.map((a: { id: string }) => a.id)).toEqual(answerIds);
    for (const a of body) {
      expect(Object.keys(a).sort()).toEqual([...ANSWER_KEYS].sort());
      expect(a.chatbot_id).toBe(botId);
      expect(a.vector_id).toMatch(UUID);
      expect(a.created_at).toMatch(MICRO_TIMESTAMP);
      expect(a.updated_at).toMatch(MICRO_TIMESTAMP);
    }
    expect(body[0]).toMatchObject({ question: "Do you deliver on Sundays?", suggested_answer: "Yes, 9 to 5." });
  });
});

describe.each(["", "/prompts", "/sources", "/finetunes"])("GET /v1/{chatbot_id}%s errors", (suffix) => {
  it("answers 401 without a token and with an unknown token", async () => {
    for (const token of [null, `acp_${"A".repeat(43)}`]) {
      const res = await get(`/v1/${botId}${suffix}`, token);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "Unauthenticated." });
    }
  });

  it.each([
    ["another tenant's chatbot", () => foreignBotId],
    ["a deleted chatbot", () => deletedBotId],
    ["an unknown uuid", () => "00000000-0000-4000-8000-000000000000"],
    ["a malformed id", () => "not-a-uuid"],
    ["a numeric id", () => "42"],
    ["an id with SQL in it", () => encodeURIComponent("' OR '1'='1")],
  ])("answers 404 {message} for %s", async (_label, id) => {
    const res = await get(`/v1/${id()}${suffix}`);
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(Object.keys(body)).toEqual(["message"]);
    expect(typeof body.message).toBe("string");
  });

  it("answers 404 for a user with no access at all", async () => {
    const { token } = await userWithToken(db);
    expect((await get(`/v1/${botId}${suffix}`, token)).status).toBe(404);
  });
});

describe("GET /v1/openapi.json", () => {
  it("documents the chatbot endpoints from the same schemas", async () => {
    const doc = await (await fetch(`${base}/v1/openapi.json`)).json();
    const ok = (path: string) => doc.paths[path].get.responses["200"].content["application/json"].schema;
    expect(ok("/v1/{chatbot_id}")).toEqual({ $ref: "#/components/schemas/ChatbotSettings" });
    expect(ok("/v1/{chatbot_id}/prompts")).toEqual({ type: "array", items: { $ref: "#/components/schemas/SuggestedMessage" } });
    expect(ok("/v1/{chatbot_id}/sources")).toEqual({ type: "array", items: { $ref: "#/components/schemas/Source" } });
    expect(ok("/v1/{chatbot_id}/finetunes")).toEqual({ type: "array", items: { $ref: "#/components/schemas/UpdatedAnswer" } });
    expect(doc.paths["/v1/{chatbot_id}"].get.parameters).toEqual([expect.objectContaining({ name: "chatbot_id", in: "path", required: true })]);
    const settings = doc.components.schemas.ChatbotSettings;
    expect(Object.keys(settings.properties).sort()).toEqual([...SETTINGS_KEYS].sort());
    expect(settings.properties.topK.type).toBe("integer");
    expect(settings.properties.temperature.type).toBe("number");
    expect(settings.properties.enable_sources.enum).toEqual([0, 1]);
    expect(Object.keys(doc.components.schemas.Source.properties).sort()).toEqual([...SOURCE_KEYS].sort());
  });
});
