import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot, clientWorkspace, teamMember } from "../helpers/fixtures";
import { startAppServer } from "../helpers/server";

/** HTTP actions over REST (docs/decisions/076-http-actions.md): `/v1/{chatbot_id}/actions` through the REST bridge, against the production build. */
let base: string;
let db: Db;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let member: Awaited<ReturnType<typeof teamMember>>;
let botId: string;

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  owner = await agencyOwner(db);
  const workspace = await clientWorkspace(db, owner.agency, "Orders");
  member = await teamMember(db, workspace.id, "member");
  botId = (await chatbot(db, workspace.id, owner.user.id, "Orders bot")).id;
  base = (await startAppServer(created.url)).baseUrl;
}, 180_000);

const call = (method: string, path: string, token: string, body?: unknown) =>
  fetch(`${base}${path}`, { method, headers: { Authorization: `Bearer ${token}`, Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) }, body: body === undefined ? undefined : JSON.stringify(body) });

const ORDER_STATUS = {
  name: "order_status",
  description: "Looks up an order by its number.",
  method: "GET",
  url: "https://shop.example/api/orders/{order_id}",
  headers: [{ name: "Authorization", value: "Bearer shop-secret" }],
  parameters: { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"] },
};

describe("/v1/{chatbot_id}/actions", () => {
  it("creates, lists, changes and deletes an action; header values never come back", async () => {
    const created = await call("POST", `/v1/${botId}/actions`, owner.token, ORDER_STATUS);
    expect(created.status).toBe(201);
    const action = (await created.json()) as { id: string; headers: unknown };
    expect(action).toMatchObject({ chatbot_id: botId, name: "order_status", method: "GET", headers: [{ name: "Authorization" }], parameters: ORDER_STATUS.parameters });
    expect(JSON.stringify(action)).not.toContain("shop-secret");

    const listed = await call("GET", `/v1/${botId}/actions`, member.token);
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as Array<{ id: string }>).map((a) => a.id)).toEqual([action.id]);

    const patched = await call("PATCH", `/v1/${botId}/actions/${action.id}`, owner.token, { method: "POST", description: "Finds an order." });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ method: "POST", description: "Finds an order.", headers: [{ name: "Authorization" }] });

    expect((await call("PATCH", `/v1/${botId}/actions/${action.id}`, member.token, { description: "x" })).status).toBe(403);
    expect((await call("DELETE", `/v1/${botId}/actions/${action.id}`, owner.token)).status).toBe(204);
    expect((await call("DELETE", `/v1/${botId}/actions/${action.id}`, owner.token)).status).toBe(404);
  });

  it("answers 422 naming the field: a broken JSON Schema, an undefined placeholder, a private address, a bad name", async () => {
    const refused = async (body: unknown) => {
      const res = await call("POST", `/v1/${botId}/actions`, owner.token, body);
      expect(res.status).toBe(422);
      return Object.keys(((await res.json()) as { errors: Record<string, string[]> }).errors);
    };
    expect(await refused({ ...ORDER_STATUS, parameters: { type: "object", properties: { order_id: { type: 7 } } } })).toEqual(["parameters"]);
    expect(await refused({ ...ORDER_STATUS, parameters: { type: "string" } })).toEqual(["parameters"]);
    expect(await refused({ ...ORDER_STATUS, url: "https://shop.example/orders/{order}" })).toEqual(["url"]);
    expect(await refused({ ...ORDER_STATUS, url: "http://10.0.0.5/orders/{order_id}" })).toEqual(["url"]);
    // IPv6 spellings of loopback and private IPv4 addresses: IPv4-compatible, 6to4, NAT64, Teredo, IPv4-mapped.
    for (const host of ["[::127.0.0.1]:3945", "[2002:7f00:1::]", "[64:ff9b::a00:5]", "[2001:0:4136:e378:8000:63bf:80ff:fffe]", "[::ffff:192.168.1.1]"]) {
      expect(await refused({ ...ORDER_STATUS, url: `http://${host}/orders/{order_id}` })).toEqual(["url"]);
    }
    expect(await refused({ ...ORDER_STATUS, name: "order status!" })).toEqual(["name"]);
  });

  it("shows the actions a conversation's answers called in the REST conversation read (additive `action_calls`)", async () => {
    const chat = await call("POST", `/v1/${botId}/chat`, owner.token, { message: "Where is my order 123?" });
    expect(chat.status).toBe(200);
    const { conversation_id } = (await chat.json()) as { conversation_id: string };
    const answer = await db.message.findFirstOrThrow({ where: { conversationId: conversation_id, role: "assistant" } });
    // A recorded call, as the engine writes it after a tool call (tests/integration covers the engine making it).
    await db.actionCall.create({
      data: { conversationId: conversation_id, messageId: answer.id, name: "order_status", request: { method: "GET", url: "https://shop.example/api/orders/123", body: null }, status: 200, durationMs: 42, error: null },
    });

    const read = await call("GET", `/v1/${botId}/conversations/${conversation_id}`, member.token);
    expect(read.status).toBe(200);
    const body = (await read.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["action_calls", "conversation", "messages"]);
    expect(body.action_calls).toEqual([
      { id: expect.any(String), message_id: answer.id, action_id: null, name: "order_status", request: { method: "GET", url: "https://shop.example/api/orders/123", body: null }, status: 200, duration_ms: 42, error: null, created_at: expect.stringMatching(/Z$/) },
    ]);
  });

  it("is documented in the OpenAPI document", async () => {
    const doc = (await (await fetch(`${base}/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } };
    expect(Object.keys(doc.paths["/v1/{chatbot_id}/actions"]!).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths["/v1/{chatbot_id}/actions/{action_id}"]!).sort()).toEqual(["delete", "patch"]);
    expect(doc.components.schemas.ChatbotAction).toBeDefined();
    expect(doc.components.schemas.ActionCall).toBeDefined();
    expect(JSON.stringify(doc.paths["/v1/{chatbot_id}/conversations/{conversation_id}"]!.get)).toContain("action_calls");
  });
});
