import { beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "@/server/transport/root";
import type { Db } from "@/server/kernel/db/client";
import { MICRO_TIMESTAMP } from "@/server/kernel/lib/timestamps";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot, clientWorkspace, conversations, userWithToken } from "../helpers/fixtures";
import { startAppServer } from "../helpers/server";

/** The contract's user endpoints over real HTTP against the production build. */
let base: string;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let botId: string;
let db: Db;

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  const url = created.url;
  owner = await agencyOwner(db);
  const workspace = await clientWorkspace(db, owner.agency);
  const bot = await chatbot(db, workspace.id, owner.user.id, "Support bot");
  await db.chatbot.update({ where: { id: bot.id }, data: { headerIcon: "https://cdn.example.test/h.png" } });
  await conversations(db, bot.id, { open: 5, unread: 2, archived: 1 });
  botId = bot.id;
  base = (await startAppServer(url)).baseUrl;
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });
const auth = () => ({ Authorization: `Bearer ${owner.token}`, Accept: "application/json" });

describe("GET /v1/me", () => {
  it("returns { user } with every documented field and type", async () => {
    const res = await get("/v1/me", auth());
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await res.json();
    expect(Object.keys(body)).toEqual(["user"]);
    const user = body.user;
    expect(Object.keys(user).sort()).toEqual(
      ["id", "name", "email", "social_id", "social_type", "current_team_id", "profile_photo_path", "created_at", "updated_at", "avatar", "profile_photo_url"].sort(),
    );
    expect(user).toMatchObject({
      id: owner.user.id,
      name: "Agency Owner",
      email: owner.user.email,
      social_id: null,
      social_type: null,
      current_team_id: owner.agency.id,
      profile_photo_path: null,
    });
    expect(user.created_at).toMatch(MICRO_TIMESTAMP);
    expect(user.updated_at).toMatch(MICRO_TIMESTAMP);
    expect(typeof user.avatar).toBe("string");
    expect(user.profile_photo_url).toMatch(new RegExp(`^${base}/api/avatars/${owner.user.id}$`));
    const avatar = await fetch(user.profile_photo_url);
    expect(avatar.headers.get("content-type")).toBe("image/svg+xml");
    expect(await avatar.text()).toContain(">AO<");
  });

  it.each([
    ["no Authorization header", {}],
    ["an unknown token", { Authorization: `Bearer acp_${"A".repeat(43)}` }],
    ["a malformed token", { Authorization: "Bearer nope" }],
    ["another scheme", { Authorization: "Basic dXNlcjpwYXNz" }],
  ])("answers 401 {message} for %s", async (_label, headers) => {
    const res = await get("/v1/me", { Accept: "application/json", ...headers });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Unauthenticated." });
  });

  it("answers 401 for a revoked token, which worked before", async () => {
    const { user, token, apiToken } = await userWithToken(db);
    expect((await get("/v1/me", { Authorization: `Bearer ${token}` })).status).toBe(200);
    await createCaller({ db, user, via: "session", tokenId: null }).apiTokens.revoke({ id: apiToken.id });
    const res = await get("/v1/me", { Authorization: `Bearer ${token}` });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Unauthenticated." });
  });

  it("answers 405 with Allow for an unsupported method and 406 when JSON is not acceptable", async () => {
    const post = await fetch(`${base}/v1/me`, { method: "POST", headers: auth() });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
    expect((await post.json()).message).toMatch(/POST method is not supported/);

    const html = await get("/v1/me", { ...auth(), Accept: "text/html" });
    expect(html.status).toBe(406);
    expect(await html.json()).toHaveProperty("message");
  });

  it("serves JSON without an Accept header", async () => {
    const res = await get("/v1/me", { Authorization: `Bearer ${owner.token}` });
    expect(res.status).toBe(200);
  });
});

describe("GET /v1/me/chatbots", () => {
  it("works with only the Authorization header and returns a bare array of list items", async () => {
    const res = await get("/v1/me/chatbots", { Authorization: `Bearer ${owner.token}` });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(1);
    const [item] = body;
    expect(Object.keys(item).sort()).toEqual(
      ["id", "team_id", "name", "type", "header_icon", "launcher_icon", "open_count", "unread_count", "created_at", "updated_at"].sort(),
    );
    expect(item).toMatchObject({
      id: botId,
      name: "Support bot",
      type: "custom",
      header_icon: "https://cdn.example.test/h.png",
      launcher_icon: null,
      open_count: 5,
      unread_count: 2,
    });
    expect(item.created_at).toMatch(MICRO_TIMESTAMP);
    expect(item.updated_at).toMatch(MICRO_TIMESTAMP);
  });

  it("is an empty array for a user without chatbots", async () => {
    const { token } = await userWithToken(db);
    const res = await get("/v1/me/chatbots", { Authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it("answers 401 without a token", async () => {
    const res = await get("/v1/me/chatbots");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Unauthenticated." });
  });
});

describe("unknown /v1 paths", () => {
  it.each(["/v1/me/nope", "/v1/agency/nope", "/v1/agency/clients/x/nope", "/v1/agency/webhooks/x/deliveries/y"])("answer 404 JSON for %s", async (path) => {
    const res = await get(path, auth());
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ message: "No such API endpoint." });
  });
});

describe("GET /v1/openapi.json", () => {
  it("documents the user endpoints from the same schemas", async () => {
    const doc = await (await get("/v1/openapi.json")).json();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.paths["/v1/me"].get.responses["200"].content["application/json"].schema.properties.user).toEqual({ $ref: "#/components/schemas/User" });
    expect(doc.components.schemas.User.required).toContain("email");
    expect(doc.components.schemas.User.properties.current_team_id.type).toEqual(["string", "null"]);
    const list = doc.paths["/v1/me/chatbots"].get.responses["200"].content["application/json"].schema;
    expect(list).toEqual({ type: "array", items: { $ref: "#/components/schemas/ChatbotListItem" } });
    expect(doc.components.schemas.ChatbotListItem.required).toContain("unread_count");
  });
});
