import type { Runner } from "graphile-worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { startWorkers } from "@/server/transport/workers";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot, clientWorkspace, teamMember, userWithToken } from "../helpers/fixtures";
import { waitFor } from "../helpers/https-receiver";
import { apiClient } from "../helpers/http";
import { startAppServer } from "../helpers/server";
import { startPetGroomingSite } from "../helpers/website-fixtures";

/** The sources endpoints over real HTTP (docs/decisions/017-sources-and-training.md), with a worker training what they add. */
process.env.CRAWLER_ALLOW_PRIVATE_NETWORKS = "true";

let db: Db;
let base: string;
let api: ReturnType<typeof apiClient>;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let member: Awaited<ReturnType<typeof userWithToken>>;
let botId: string;
let runner: Runner;
let site: Awaited<ReturnType<typeof startPetGroomingSite>>;

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  owner = await agencyOwner(db);
  const team = await clientWorkspace(db, owner.agency);
  botId = (await chatbot(db, team.id, owner.user.id)).id;
  member = await teamMember(db, team.id, "member");
  base = (await startAppServer(created.url)).baseUrl;
  api = apiClient(base);
  site = await startPetGroomingSite();
  runner = await startWorkers(created.url, { concurrency: 4 });
}, 120_000);
afterAll(async () => {
  await runner?.stop();
  await site?.close();
});

async function upload(file: Blob | null, name = "notes.md", token = owner.token, extra: Record<string, string> = {}) {
  const form = new FormData();
  if (file) form.append("file", file, name);
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  const res = await fetch(`${base}/v1/${botId}/sources/files`, { method: "POST", headers: { Authorization: `Bearer ${token}`, Accept: "application/json" }, body: form });
  return { status: res.status, body: await res.json() };
}

const settled = (id: string) =>
  waitFor(async () => {
    const list = (await api("GET", `/v1/${botId}/sources`, { token: owner.token })).body as Array<{ id: string; status: string }>;
    const s = list.find((x) => x.id === id);
    return s && (s.status === "trained" || s.status === "failed") ? s : null;
  }, 60_000, "training");

describe("POST /v1/{chatbot_id}/sources", () => {
  it("adds a website (201 Source) whose crawl trains its pages", async () => {
    const res = await api("POST", `/v1/${botId}/sources`, { token: owner.token, body: { type: "website", url: site.url("/"), sync_frequency: "weekly" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ chatbot_id: botId, type: "website", indexer: "crawler", indexer_id: null, url: site.url("/"), status: "pending", sync_frequency: "weekly", trained_at: null });
    expect(res.body.title).toBe("127.0.0.1");
    // Trained: titled by the site's start page, not its host.
    expect(await settled(res.body.id)).toMatchObject({ status: "trained", trained_at: expect.any(String), title: "Pet Grooming" });
    const pages = (await api("GET", `/v1/${botId}/sources`, { token: owner.token })).body.filter((s: { indexer_id: string }) => s.indexer_id === res.body.id);
    expect(pages.map((p: { path: string; title: string }) => [p.path, p.title]).sort()).toEqual([["/", "Pet Grooming"], ["/prices", "Prices"]]);
  });

  it("adds a text and a single page", async () => {
    const text = await api("POST", `/v1/${botId}/sources`, { token: owner.token, body: { type: "text", title: "Hours", text: "Open from nine to five." } });
    expect(text.status).toBe(201);
    expect(text.body).toMatchObject({ type: "text", indexer: "text", title: "Hours", status: "training" });
    expect(await settled(text.body.id)).toMatchObject({ status: "trained" });
    const single = await api("POST", `/v1/${botId}/sources`, { token: owner.token, body: { type: "page", url: site.url("/prices") } });
    expect(single.status).toBe(201);
    expect(await settled(single.body.id)).toMatchObject({ status: "trained", title: "Prices" });
  });

  it.each([
    [{ type: "website", url: "ftp://example.com/" }, "url"],
    [{ type: "website" }, "url"],
    [{ type: "page", url: "not a url" }, "url"],
    [{ type: "text", text: "   " }, "text"],
    [{ type: "video", url: "https://example.com/" }, "type"],
    [{ type: "website", url: "https://example.com/", sync_frequency: "hourly" }, "sync_frequency"],
    [{ type: "website", url: "http://user:pw@example.com/" }, "url"],
    [{ type: "website", url: "http://169.254.169.254/latest/" }, "url"],
  ])("422 naming the field for %j", async (body, field) => {
    const res = await api("POST", `/v1/${botId}/sources`, { token: owner.token, body });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toContain(field);
  });

  it("403 for a member, 401 without a token, 404 for an unknown chatbot", async () => {
    expect((await api("POST", `/v1/${botId}/sources`, { token: member.token, body: { type: "text", text: "x" } })).status).toBe(403);
    expect((await api("POST", `/v1/${botId}/sources`, { body: { type: "text", text: "x" } })).status).toBe(401);
    expect((await api("POST", `/v1/00000000-0000-0000-0000-000000000000/sources`, { token: owner.token, body: { type: "text", text: "x" } })).status).toBe(404);
  });
});

describe("POST /v1/{chatbot_id}/sources/files", () => {
  it("uploads a markdown file (201) and trains it", async () => {
    const res = await upload(new Blob(["# Parking\n\nFree parking behind the salon for every customer."], { type: "text/markdown" }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: "file", indexer: "file", status: "training" });
    expect(await settled(res.body.id)).toMatchObject({ status: "trained" });
  });

  it("413 above 10 MB, 422 for an unknown type or a missing file, 415 for a JSON body, 403 for a member", async () => {
    expect((await upload(new Blob([new Uint8Array(10 * 1024 * 1024 + 10)]), "big.txt")).status).toBe(413);
    const unknown = await upload(new Blob(["MZ..."]), "tool.exe");
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.file).toBeDefined();
    const missing = await upload(null, "x", owner.token, { note: "no file" });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.file).toBeDefined();
    expect((await api("POST", `/v1/${botId}/sources/files`, { token: owner.token, body: { file: "x" } })).status).toBe(415);
    expect((await upload(new Blob(["hello"]), "a.txt", member.token)).status).toBe(403);
  });
});

describe("sync and delete", () => {
  it("202 Source on sync, 204 on delete (a website with its pages), 404 afterwards; 403 for a member", async () => {
    const list = (await api("GET", `/v1/${botId}/sources`, { token: owner.token })).body as Array<{ id: string; type: string; indexer_id: string | null }>;
    const website = list.find((s) => s.type === "website")!;
    expect((await api("POST", `/v1/${botId}/sources/${website.id}/sync`, { token: member.token })).status).toBe(403);
    const sync = await api("POST", `/v1/${botId}/sources/${website.id}/sync`, { token: owner.token });
    expect(sync.status).toBe(202);
    expect(sync.body).toMatchObject({ id: website.id, status: "pending" });
    expect(await settled(website.id)).toMatchObject({ status: "trained" });

    expect((await api("DELETE", `/v1/${botId}/sources/${website.id}`, { token: member.token })).status).toBe(403);
    const del = await api("DELETE", `/v1/${botId}/sources/${website.id}`, { token: owner.token });
    expect(del.status).toBe(204);
    expect(del.text).toBe("");
    const after = (await api("GET", `/v1/${botId}/sources`, { token: owner.token })).body as Array<{ id: string; indexer_id: string | null }>;
    expect(after.some((s) => s.id === website.id || s.indexer_id === website.id)).toBe(false);
    expect((await api("DELETE", `/v1/${botId}/sources/${website.id}`, { token: owner.token })).status).toBe(404);
    expect((await api("POST", `/v1/${botId}/sources/${website.id}/sync`, { token: owner.token })).status).toBe(404);
  });
});

describe("OpenAPI", () => {
  it("documents the four operations, the upload as multipart", async () => {
    const doc = (await api("GET", "/v1/openapi.json")).body;
    expect(doc.paths["/v1/{chatbot_id}/sources"].post.responses["201"]).toBeDefined();
    expect(doc.paths["/v1/{chatbot_id}/sources/files"].post.requestBody.content["multipart/form-data"].schema.properties.file).toEqual({ type: "string", format: "binary" });
    expect(doc.paths["/v1/{chatbot_id}/sources/{source_id}/sync"].post.responses["202"]).toBeDefined();
    expect(doc.paths["/v1/{chatbot_id}/sources/{source_id}"].delete.responses["204"]).toBeDefined();
  });
});
