import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, ownerWithChatbot } from "../helpers/fixtures";
import { apiClient } from "../helpers/http";
import { startAppServer } from "../helpers/server";
import { signIn } from "../helpers/session";

/**
 * One rule for duplicates, at the service: the same website twice in one chatbot, the same updated-answer
 * question twice, two clients of one agency with one name — each refused with a 422 naming the field.
 */
let db: Db;
let base: string;
let api: ReturnType<typeof apiClient>;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let botId: string;
let cookie: string;

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  const made = await ownerWithChatbot(db);
  [owner, botId] = [made.owner, made.bot.id];
  base = (await startAppServer(created.url)).baseUrl;
  api = apiClient(base);
  cookie = (await signIn(base, owner.user.email, "password-123")).cookie;
});

/** A dashboard mutation over real HTTP, as the browser sends it. */
async function trpc(path: string, input: unknown) {
  const res = await fetch(`${base}/api/trpc/${path}`, { method: "POST", headers: { Cookie: cookie, Origin: base, "Content-Type": "application/json" }, body: JSON.stringify(input) });
  return { status: res.status, body: (await res.json()) as { result?: { data: { id: string } }; error?: { message: string; data: { fieldErrors?: Record<string, string[]> } } } };
}

describe("the same website twice in one chatbot", () => {
  it("is refused (422 naming url) however the address is spelled, and a different page is not", async () => {
    const add = (url: string, type = "website") => api("POST", `/v1/${botId}/sources`, { token: owner.token, body: { type, url } });
    expect((await add("https://sunny-bakery.example/")).status).toBe(201);
    for (const again of ["https://sunny-bakery.example/", "http://www.Sunny-Bakery.example", "https://sunny-bakery.example/#top"]) {
      const res = await add(again);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(["url"]);
      expect(res.body.message).toMatch(/already a source of this chatbot/);
    }
    expect((await add("https://sunny-bakery.example/delivery", "page")).status).toBe(201);
    expect((await add("https://sunny-bakery.example/delivery/", "page")).status).toBe(422);
    expect(await db.source.count({ where: { chatbotId: botId, deletedAt: null } })).toBe(2);
  });

  it("is allowed again once the first one is deleted", async () => {
    const [first] = await db.source.findMany({ where: { chatbotId: botId, type: "website", deletedAt: null } });
    expect((await api("DELETE", `/v1/${botId}/sources/${first!.id}`, { token: owner.token })).status).toBe(204);
    expect((await api("POST", `/v1/${botId}/sources`, { token: owner.token, body: { type: "website", url: "https://sunny-bakery.example" } })).status).toBe(201);
  });
});

describe("the same updated-answer question twice", () => {
  it("is refused (422 naming question) on create and on edit; a different question is fine", async () => {
    const first = await trpc("chatbots.finetunes.create", { chatbot_id: botId, question: "When do you open on Saturday?", suggested_answer: "At eight." });
    expect(first.status).toBe(200);
    const again = await trpc("chatbots.finetunes.create", { chatbot_id: botId, question: "  when do you open on saturday ", suggested_answer: "At nine." });
    expect(again.status).toBe(422);
    expect(again.body.error!.data.fieldErrors).toEqual({ question: [expect.stringMatching(/already has an updated answer/)] });
    const other = await trpc("chatbots.finetunes.create", { chatbot_id: botId, question: "Do you deliver?", suggested_answer: "Yes." });
    expect(other.status).toBe(200);
    const edited = await trpc("chatbots.finetunes.update", { chatbot_id: botId, id: other.body.result!.data.id, question: "When do you open on Saturday", suggested_answer: "Yes." });
    expect(edited.status).toBe(422);
    expect(Object.keys(edited.body.error!.data.fieldErrors!)).toEqual(["question"]);
    const keptOwn = await trpc("chatbots.finetunes.update", { chatbot_id: botId, id: first.body.result!.data.id, question: "When do you open on Saturday?", suggested_answer: "At half past eight." });
    expect(keptOwn.status).toBe(200);
    expect(await db.updatedAnswer.count({ where: { chatbotId: botId } })).toBe(2);
  });
});

describe("two clients with one name in an agency", () => {
  const create = (name: string, token = owner.token) => api("POST", "/v1/agency/clients", { token, key: randomUUID(), body: { name } });

  it("is refused (422 naming name) on create and on rename; another agency may use the name", async () => {
    expect((await create("Bloom Florists")).status).toBe(201);
    const twin = await create("bloom  florists");
    expect(twin.status).toBe(422);
    expect(twin.body.errors).toEqual({ name: [expect.stringMatching(/already has a client named/)] });
    const other = await create("Bloom Flowers");
    expect(other.status).toBe(201);
    const renamed = await api("PATCH", `/v1/agency/clients/${other.body.client.id}`, { token: owner.token, key: randomUUID(), body: { name: "Bloom Florists" } });
    expect(renamed.status).toBe(422);
    expect(Object.keys(renamed.body.errors)).toEqual(["name"]);
    const sameName = await api("PATCH", `/v1/agency/clients/${other.body.client.id}`, { token: owner.token, key: randomUUID(), body: { name: "Bloom Flowers" } });
    expect(sameName.status).toBe(200);
    const elsewhere = await agencyOwner(db);
    expect((await create("Bloom Florists", elsewhere.token)).status).toBe(201);
  });
});
