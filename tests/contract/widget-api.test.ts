import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { MICRO_TIMESTAMP } from "@/server/kernel/lib/timestamps";
import { PEER_ADDRESS_HEADER } from "@/server/kernel/security/peer-address";
import { bakeryClient } from "../helpers/answers-fixtures";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot, suggestedMessages } from "../helpers/fixtures";
import { startAppServer } from "../helpers/server";
import { sseFrames } from "../helpers/sse";

/** The widget's public API (docs/decisions/027-widget-public-api.md) over real HTTP against the production build: no token, CORS, SSE. */
let base: string;
let db: Db;
let teamId: string;
let botId: string;
let lockedBotId: string;

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  const owner = await agencyOwner(db);
  const { team, bot } = await bakeryClient(db, owner);
  teamId = team.id;
  botId = bot.id;
  await suggestedMessages(db, bot.id, [{ name: "Hours", prompt: "When are you open?" }, { name: "Shop", url: "https://bakery.example/shop" }]);
  const locked = await chatbot(db, team.id, owner.user.id, "Locked Bot");
  lockedBotId = locked.id;
  await db.chatbot.update({ where: { id: locked.id }, data: { domain: "www.bakery.example", domainVerified: true } });
  base = (await startAppServer(created.url)).baseUrl;
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });

async function chat(body: unknown, headers: Record<string, string> = {}) {
  const res = await post(`/api/widget/${botId}/chat`, body, { Accept: "text/event-stream", ...headers });
  const text = await res.text();
  const events = sseFrames(text);
  return { res, text, events };
}

describe("GET /api/widget/{chatbot_id}/config", () => {
  it("answers what the widget draws, cached for seconds, with CORS for the asking origin", async () => {
    const res = await get(`/api/widget/${botId}/config`, { Origin: "https://any-site.example" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=5");
    expect(res.headers.get("access-control-allow-origin")).toBe("https://any-site.example");
    expect(res.headers.get("set-cookie")).toBeNull();
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(
      ["accent_color", "enable_hide_chatbot", "enable_sources", "font_size", "greeting", "header_icon", "header_size", "height", "hide_powered_by", "id", "language", "launcher_icon", "launcher_text", "lead_form", "name", "placeholder", "position", "sources_label", "strings", "suggested_messages", "welcome_message"].sort(),
    );
    expect(body).toMatchObject({ id: botId, name: "Bakery Bot", position: "right", enable_sources: true });
    expect(body.suggested_messages).toEqual([
      { id: expect.any(String), type: "message", name: "Hours", prompt: "When are you open?", url: null },
      { id: expect.any(String), type: "link", name: "Shop", prompt: "", url: "https://bakery.example/shop" },
    ]);
    expect(JSON.stringify(body)).not.toContain("system_prompt");
  });

  it("is 404 {message} for an unknown id, a malformed id, a disabled or deleted chatbot", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const res = await get(`/api/widget/${id}/config`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "This chatbot is not available." });
    }
    await db.chatbot.update({ where: { id: botId }, data: { enabled: false } });
    expect((await get(`/api/widget/${botId}/config`)).status).toBe(404);
    await db.chatbot.update({ where: { id: botId }, data: { enabled: true, deletedAt: new Date() } });
    expect((await get(`/api/widget/${botId}/config`)).status).toBe(404);
    await db.chatbot.update({ where: { id: botId }, data: { deletedAt: null } });
    expect((await get(`/api/widget/${botId}/config`)).status).toBe(200);
  });

  it("is 404 while the workspace is hard-paused or suspended, 200 on a soft pause and after a resume", async () => {
    const status = async () => (await get(`/api/widget/${botId}/config`)).status;
    await db.team.update({ where: { id: teamId }, data: { status: "paused", pauseMode: "hard" } });
    expect(await status()).toBe(404);
    await db.team.update({ where: { id: teamId }, data: { status: "suspended", pauseMode: null } });
    expect(await status()).toBe(404);
    await db.team.update({ where: { id: teamId }, data: { status: "paused", pauseMode: "soft" } });
    expect(await status()).toBe(200);
    await db.team.update({ where: { id: teamId }, data: { status: "active", pauseMode: null } });
    expect(await status()).toBe(200);
  });

  it("answers a CORS preflight", async () => {
    const res = await fetch(`${base}/api/widget/${botId}/chat`, {
      method: "OPTIONS",
      headers: { Origin: "https://shop.example", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://shop.example");
    expect(res.headers.get("access-control-allow-methods")).toContain("POST");
    expect(res.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("content-type");
  });
});

describe("domain allow-list", () => {
  it("checks Origin against a verified domain (403 {message}) and frames the widget page only there", async () => {
    const other = await get(`/api/widget/${lockedBotId}/config`, { Origin: "https://evil.example" });
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ message: "This website is not allowed to use this chatbot." });
    expect((await get(`/api/widget/${lockedBotId}/config`, { Origin: "https://www.bakery.example" })).status).toBe(200);
    expect((await get(`/api/widget/${lockedBotId}/config`, { Origin: "https://shop.bakery.example" })).status).toBe(200);
    expect((await get(`/api/widget/${lockedBotId}/config`, { Origin: base })).status).toBe(200);

    const page = await get(`/widget/${lockedBotId}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain(`frame-ancestors 'self' ${base} bakery.example *.bakery.example`);
    const open = await get(`/widget/${botId}`);
    expect(open.headers.get("content-security-policy")).toContain("frame-ancestors *");
    expect((await get(`/chat/${botId}`)).status).toBe(200);
  });
});

describe("GET /widget.js", () => {
  it("serves the loader as JavaScript under 10 KB gzipped", async () => {
    const res = await get("/widget.js", { "Accept-Encoding": "identity" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("javascript");
    const source = await res.text();
    expect(source).toContain("/api/widget/");
    const { gzipSync } = await import("node:zlib");
    expect(gzipSync(source).length).toBeLessThan(10 * 1024);
  });
});

describe("POST /api/widget/{chatbot_id}/chat", () => {
  it("streams delta frames then done with the answer, its sources and a visitor token; continues the conversation with it", async () => {
    const first = await chat({ message: "Is delivery free?" });
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get("content-type")).toContain("text/event-stream");
    expect(first.res.headers.get("cache-control")).toBe("no-cache, no-transform");
    const deltas = first.events.filter((e) => e.event === "delta");
    expect(deltas.length).toBeGreaterThan(0);
    const done = first.events.at(-1)!;
    expect(done.event).toBe("done");
    expect(Object.keys(done.data).sort()).toEqual(["conversation_id", "message", "visitor_token"]);
    expect(done.data.message.content).toContain("Delivery is free for orders above 30 euros.");
    expect(deltas.map((d) => d.data.content).join("")).toBe(done.data.message.content);
    expect(done.data.message.sources).toEqual([{ id: expect.any(String), url: "https://bakery.example/delivery", title: "Delivery" }]);
    expect(done.data.message.created_at).toMatch(MICRO_TIMESTAMP);
    const token = done.data.visitor_token as string;

    const second = await chat({ message: "When are you open on Saturday?", conversation_id: done.data.conversation_id, visitor_token: token });
    const done2 = second.events.at(-1)!;
    expect(done2.data.conversation_id).toBe(done.data.conversation_id);
    expect(done2.data.visitor_token).toBe(token);
    expect(await db.message.count({ where: { conversationId: done.data.conversation_id } })).toBe(4);

    // Another visitor cannot continue this conversation: with a forged token it is not found (404, as on REST),
    // nothing is recorded; without the conversation the same visitor starts a new one.
    const forgedToken = `${token.split(".")[0]}.forged`;
    const forged = await chat({ message: "Is delivery free?", conversation_id: done.data.conversation_id, visitor_token: forgedToken });
    expect(forged.res.status).toBe(404);
    expect(JSON.parse(forged.text)).toEqual({ message: "Conversation not found." });
    expect(await db.message.count({ where: { conversationId: done.data.conversation_id } })).toBe(4);
    const fresh = await chat({ message: "Is delivery free?", visitor_token: forgedToken });
    const done3 = fresh.events.at(-1)!;
    expect(done3.data.conversation_id).not.toBe(done.data.conversation_id);
    expect(done3.data.visitor_token).not.toBe(token);
  });

  it("refuses bad input with 422 {message, errors}", async () => {
    const res = await post(`/api/widget/${botId}/chat`, { message: "  " });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors.message).toEqual(["The message field is required."]);
    const malformed = await fetch(`${base}/api/widget/${botId}/chat`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" });
    expect(malformed.status).toBe(400);
  });

  it("answers a refusal (no credits: 402, paused: 404 before the pipeline) as JSON before any frame", async () => {
    const team = await db.team.findUniqueOrThrow({ where: { id: teamId } });
    await db.team.update({ where: { id: teamId }, data: { messagesUsed: team.messageLimit ?? 100 } });
    const broke = await chat({ message: "Is delivery free?" });
    expect(broke.res.status).toBe(402);
    expect(broke.res.headers.get("content-type")).toContain("application/json");
    expect(JSON.parse(broke.text)).toEqual({ message: expect.any(String) });
    await db.team.update({ where: { id: teamId }, data: { messagesUsed: team.messagesUsed } });
  });
});

describe("feedback and link clicks", () => {
  it("records a thumbs up, replaced by a thumbs down, and refuses bad values", async () => {
    const { events } = await chat({ message: "Is delivery free?" });
    const messageId = events.at(-1)!.data.message.id as string;
    const up = await post(`/api/widget/${botId}/feedback`, { message_id: messageId, value: "positive" });
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ message_id: messageId, value: "positive" });
    await post(`/api/widget/${botId}/feedback`, { message_id: messageId, value: "negative" });
    expect(await db.feedback.findMany({ where: { messageId }, select: { rating: true } })).toEqual([{ rating: "negative" }]);

    const bad = await post(`/api/widget/${botId}/feedback`, { message_id: messageId, value: "meh" });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.value).toEqual(["The value field must be positive or negative."]);
    const unknown = await post(`/api/widget/${botId}/feedback`, { message_id: "00000000-0000-4000-8000-000000000000", value: "positive" });
    expect(unknown.status).toBe(404);
    const question = await db.message.findFirstOrThrow({ where: { chatbotId: botId, role: "user" } });
    expect((await post(`/api/widget/${botId}/feedback`, { message_id: question.id, value: "positive" })).status).toBe(422);
  });

  it("counts a link click in its conversation, creating the link once", async () => {
    const { events } = await chat({ message: "Is delivery free?" });
    const done = events.at(-1)!.data;
    const url = "https://bakery.example/delivery";
    for (let i = 0; i < 2; i++) {
      const res = await post(`/api/widget/${botId}/link-clicks`, { message_id: done.message.id, url, visitor_token: done.visitor_token });
      expect(res.status).toBe(201);
    }
    const links = await db.chatbotLink.findMany({ where: { chatbotId: botId, url } });
    expect(links).toHaveLength(1);
    const clicks = await db.linkClick.findMany({ where: { linkId: links[0]!.id } });
    expect(clicks).toHaveLength(2);
    expect(clicks.every((c) => c.conversationId === done.conversation_id && c.visitorId !== null)).toBe(true);

    const bad = await post(`/api/widget/${botId}/link-clicks`, { url: "javascript:alert(1)" });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.url).toEqual(["The url field must be an http:// or https:// URL."]);
  });
});

describe("the visitor's address (TRUST_PROXY off)", () => {
  it("is the socket's peer: requests with other forged X-Forwarded-For or internal peer headers share the peer's rate-limit bucket", async () => {
    // A chatbot of its own: the limit is per address and chatbot.
    const { ownerId } = await db.team.findUniqueOrThrow({ where: { id: teamId } });
    const own = await db.chatbot.create({ data: { teamId, userId: ownerId, name: "Peer Bot" } });
    let allowed = 0;
    let refused: Response | null = null;
    for (let batch = 0; batch < 50 && !refused; batch++) {
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, j) => {
          const i = batch * 20 + j;
          // Every other request forges a different address; without serve.ts's peer header each would be a bucket of its own.
          const forged: Record<string, string> = i % 2 ? { "X-Forwarded-For": `81.2.${i >> 8}.${i & 255}`, "X-Real-IP": `81.3.0.${i & 255}`, [PEER_ADDRESS_HEADER]: `81.4.${i >> 8}.${i & 255}` } : {};
          return get(`/api/widget/${own.id}/config`, forged);
        }),
      );
      for (const res of responses) {
        await res.arrayBuffer();
        if (res.status === 429) refused ??= res;
        else {
          expect(res.status).toBe(200);
          allowed++;
        }
      }
    }
    expect(refused).not.toBeNull();
    expect(allowed).toBe(Number(refused!.headers.get("ratelimit-limit")));
  });
});
