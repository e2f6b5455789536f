import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { Db } from "@/server/kernel/db/client";
import {
  panelDataSchema,
  visitorStreamEventSchemas,
  widgetChatDoneSchema,
  widgetConfigSchema,
  widgetHandoffAnswerSchema,
  widgetLeadAnswerSchema,
  type WidgetChatDone,
} from "@/shared/widget-wire";
import { bakeryClient } from "../helpers/answers-fixtures";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, suggestedMessages } from "../helpers/fixtures";
import { apiClient } from "../helpers/http";
import { waitFor } from "../helpers/https-receiver";
import { startAppServer } from "../helpers/server";
import { collectSseFrames, sseFrames } from "../helpers/sse";

/**
 * What the server sends the loader and the panel is exactly what they read (src/shared/widget-wire.ts): each
 * answer of the public widget API, the panel page's data block and the live stream's events, parsed with the
 * one schema of its shape — nothing missing, nothing more (a parse that dropped a key would differ).
 */
let db: Db;
let base: string;
let botId: string;
let ownerToken: string;

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  const owner = await agencyOwner(db);
  ownerToken = owner.token;
  const { bot } = await bakeryClient(db, owner);
  botId = bot.id;
  await suggestedMessages(db, bot.id, [{ name: "Hours", prompt: "When are you open?" }, { name: "Shop", url: "https://bakery.example/shop" }]);
  await db.chatbot.update({ where: { id: bot.id }, data: { greeting: { message: "Fresh bread today!", delay_seconds: 3 } } });
  base = (await startAppServer(created.url, { HANDOFF_PRESENCE_CHECK_SECONDS: "1" })).baseUrl;
});

/** The body, parsed by `schema`, is the body: the server sends the shape, all of it and only it. */
function expectShape(schema: z.ZodType, body: unknown) {
  const parsed = schema.safeParse(body);
  expect(parsed.error?.issues ?? []).toEqual([]);
  expect(parsed.data).toEqual(body);
}

const post = (path: string, body: unknown) => fetch(`${base}${path}`, { method: "POST", headers: { "Content-Type": "application/json", Accept: "text/event-stream" }, body: JSON.stringify(body) });

async function chat(body: Record<string, unknown>): Promise<WidgetChatDone> {
  const res = await post(`/api/widget/${botId}/chat`, body);
  const done = sseFrames(await res.text()).find((f) => f.event === "done");
  expect(done).toBeDefined();
  expectShape(widgetChatDoneSchema, done!.data);
  return done!.data as WidgetChatDone;
}

/** Until the live stream has sent a frame of this event. */
const until = (frames: { event: string }[], event: string) => waitFor(async () => frames.some((f) => f.event === event), 10_000, `event: ${event}`);

describe("the widget's wire shapes, as the server sends them", () => {
  it("the config, and the panel page's data block (the chat, and a dead end with its lead form)", async () => {
    const config = await (await fetch(`${base}/api/widget/${botId}/config`)).json();
    expectShape(widgetConfigSchema, config);
    expect(config.greeting).toEqual({ message: "Fresh bread today!", delay_seconds: 3 });

    const dataBlock = async (path: string) => {
      const html = await (await fetch(`${base}${path}`)).text();
      return JSON.parse(/<script type="application\/json" id="acp-data"[^>]*>(.*?)<\/script>/s.exec(html)![1]!);
    };
    const open = await dataBlock(`/widget/${botId}`);
    expect(open.mode).toBe("embed");
    expectShape(panelDataSchema, open);

    const bot = await db.chatbot.findUniqueOrThrow({ where: { id: botId }, select: { teamId: true } });
    await db.team.update({ where: { id: bot.teamId }, data: { status: "suspended" } });
    try {
      const stopped = await dataBlock(`/chat/${botId}`);
      expect(stopped).toMatchObject({ mode: "page", open: false, reason: "suspended", leads: { chatbot_id: botId } });
      expectShape(panelDataSchema, stopped);
    } finally {
      await db.team.update({ where: { id: bot.teamId }, data: { status: "active" } });
    }
    expectShape(panelDataSchema, await dataBlock(`/chat/${crypto.randomUUID()}`));
  });

  it("a turn's done, a lead's answer, asking for a person, the live stream's events and a turn a person owns", async () => {
    const first = await chat({ message: "Is delivery free?" });
    expect("handoff" in first).toBe(false);
    const { conversation_id: conversationId, visitor_token: token } = first;

    const lead = await post(`/api/widget/${botId}/leads`, { fields: { email: "wire@bakery-fan.example" }, conversation_id: conversationId, visitor_token: token });
    expect(lead.status).toBe(201);
    expectShape(widgetLeadAnswerSchema, await lead.json());

    const controller = new AbortController();
    const stream = await fetch(`${base}/api/widget/${botId}/conversations/${conversationId}/stream?visitor_token=${encodeURIComponent(token)}`, { signal: controller.signal });
    const frames = collectSseFrames(stream);
    try {
      await until(frames, "status");
      const asked = await post(`/api/widget/${botId}/conversations/${conversationId}/handoff`, { visitor_token: token });
      expect(asked.status).toBe(200);
      expectShape(widgetHandoffAnswerSchema, await asked.json());
      await until(frames, "availability");

      const api = apiClient(base);
      const reply = await api("POST", `/v1/${botId}/conversations/${conversationId}/messages`, { token: ownerToken, body: { content: "Hi, the owner here." } });
      expect(reply.status).toBe(201);
      await until(frames, "message");
      for (const frame of frames) expectShape(visitorStreamEventSchemas[frame.event as keyof typeof visitorStreamEventSchemas], frame.data);
      expect(frames.map((f) => f.event)).toEqual(expect.arrayContaining(["status", "availability", "message"]));

      const owned = await chat({ message: "Thanks!", conversation_id: conversationId, visitor_token: token });
      expect(owned).toMatchObject({ handoff: true, status: "human" });
    } finally {
      controller.abort();
    }
  });
});
