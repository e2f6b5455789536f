import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { bakeryClient } from "../helpers/answers-fixtures";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner } from "../helpers/fixtures";
import { startAppServer } from "../helpers/server";
import { sseFrames } from "../helpers/sse";
import { signIn } from "../helpers/session";

/**
 * One conversation engine behind every chat surface (issue 21): REST chat,
 * the widget and the playground answer the same input with the same status
 * and the same body, good or bad, and the same JSON for an answer.
 */
let db: Db;
let base: string;
let token: string;
let cookie: string;
let botId: string;

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  const owner = await agencyOwner(db);
  token = owner.token;
  botId = (await bakeryClient(db, owner)).bot.id;
  base = (await startAppServer(created.url)).baseUrl;
  cookie = (await signIn(base, owner.user.email, "password-123")).cookie;
}, 180_000);

type Surface = "rest" | "widget" | "playground";
const SURFACES: Surface[] = ["rest", "widget", "playground"];

async function ask(surface: Surface, body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "text/event-stream" };
  let url: string;
  if (surface === "rest") {
    url = `${base}/v1/${botId}/chat`;
    headers.Authorization = `Bearer ${token}`;
    body = { ...body, stream: true };
  } else if (surface === "widget") url = `${base}/api/widget/${botId}/chat`;
  else {
    url = `${base}/api/playground/${botId}`;
    Object.assign(headers, { Cookie: cookie, Origin: base });
  }
  const res = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  const text = await res.text();
  if (!res.headers.get("content-type")?.startsWith("text/event-stream")) return { status: res.status, body: JSON.parse(text) as Record<string, unknown> };
  const done = sseFrames(text).find((f) => f.event === "done" || f.event === "error")!;
  return { status: done.event === "done" ? res.status : 500, body: done.data as Record<string, unknown> };
}

describe("the same input, the same answer on every surface", () => {
  it.each([
    ["an empty message", { message: "   " }, 422],
    ["a message over 4,000 characters", { message: "x".repeat(4001) }, 422],
    ["a message with a NUL", { message: "hi\u0000" }, 422],
    ["a message that is not text", { message: 42 }, 422],
    ["an unknown conversation", { message: "When are you open?", conversation_id: "00000000-0000-4000-8000-000000000000" }, 404],
    ["a conversation id that is not a UUID", { message: "When are you open?", conversation_id: "not-a-uuid" }, 404],
  ])("%s", async (_what, body, status) => {
    const before = await db.message.count();
    const answers = await Promise.all(SURFACES.map((s) => ask(s, body)));
    for (const [i, answer] of answers.entries()) expect(answer.status, SURFACES[i]).toBe(status);
    // The same body too (the field errors, the message).
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(answers[2]!.body).toEqual(answers[0]!.body);
    expect(await db.message.count()).toBe(before);
  });

  it("answers with the same JSON shape everywhere (the widget adds its visitor token)", async () => {
    const answers = await Promise.all(SURFACES.map((s) => ask(s, { message: "When are you open on Saturday?" })));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body.message as object).sort()).toEqual(["answered", "content", "created_at", "id", "role", "sources"]);
    }
    expect(Object.keys(answers[0]!.body).sort()).toEqual(["conversation_id", "message"]);
    expect(Object.keys(answers[1]!.body).sort()).toEqual(["conversation_id", "message", "visitor_token"]);
    expect(Object.keys(answers[2]!.body).sort()).toEqual(["conversation_id", "message"]);
    expect(new Set(answers.map((a) => (a.body.message as { content: string }).content)).size).toBe(1);
  });
});
