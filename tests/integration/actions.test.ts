import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { runTurn, type TurnOutput } from "@/server/conversations/engine";
import { createAction, listActions, updateAction } from "@/server/actions/actions";
import { listActionCalls } from "@/server/actions";
import { AppError } from "@/server/kernel/errors";
import { createSuggestedMessage } from "@/server/chatbots/suggested-messages";
import { widgetConfig } from "@/server/chatbots/widget-config";
import { onCleanup } from "../helpers/cleanup";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot as createChatbot, clientWorkspace } from "../helpers/fixtures";
import { startOpenAiStub, type OpenAiStub, type RecordedCompletion } from "../helpers/openai-stub";

/**
 * HTTP actions in a turn (docs/decisions/076-http-actions.md): the real `openai` client against a local OpenAI-compatible server that
 * answers with a tool call, the action called on a local HTTP service through the SSRF guard, its result
 * fed back and answered from; every call recorded on the conversation. Real PostgreSQL, real sockets.
 */
let db: Db;
let stub: OpenAiStub;
let service: { url: string; requests: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: string }> };
let owner: Awaited<ReturnType<typeof agencyOwner>>;

async function startOrderService() {
  const requests: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: string }> = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      requests.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      if (req.url?.startsWith("/slow")) return void setTimeout(() => res.writeHead(200).end("{}"), 5_000).unref();
      if (req.url?.startsWith("/big")) return void res.writeHead(200, { "Content-Type": "text/plain" }).end("x".repeat(50_000));
      if (req.url?.startsWith("/redirect")) return void res.writeHead(302, { Location: "http://169.254.169.254/latest/meta-data" }).end();
      if (req.url === "/latest") return void res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ message: "Your last order 77 shipped today.", order: 77 }));
      if (req.url === "/plain") return void res.writeHead(200, { "Content-Type": "text/plain" }).end("Open 9 to 5, Monday to Friday.");
      if (req.url === "/broken") return void res.writeHead(500).end("oops");
      const id = /\/orders\/([^/?]+)/.exec(req.url ?? "")?.[1];
      if (!id) return void res.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ error: "not found" }));
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ order: decodeURIComponent(id), status: "shipped", eta: "Friday" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onCleanup(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

beforeAll(async () => {
  stub = await startOpenAiStub();
  onCleanup(stub.stop);
  service = await startOrderService();
  // Read once by src/server/kernel/env.ts on first use, which comes after this.
  process.env.OPENAI_BASE_URL = stub.baseURL;
  process.env.OPENAI_API_KEY = "sk-test-platform";
  process.env.OPENAI_TIMEOUT_MS = "20000";
  process.env.ACTIONS_ALLOW_PRIVATE_NETWORKS = "true";
  process.env.ACTION_TIMEOUT_MS = "800";
  process.env.ACTION_MAX_RESPONSE_BYTES = "10000";
  db = (await createTestDatabase()).db;
  owner = await agencyOwner(db);
}, 120_000);

afterAll(() => {
  delete process.env.OPENAI_API_KEY;
});

/** A client workspace (with or without the `actions` integration) and its chatbot. */
async function botIn(integrations: string[]) {
  const team = await clientWorkspace(db, owner.agency, `Shop ${integrations.join("+") || "none"} ${Date.now()}`);
  await db.team.update({ where: { id: team.id }, data: { enabledIntegrations: integrations } });
  return createChatbot(db, team.id, owner.user.id, "Shop Bot");
}

const orderStatus = (url: string) => ({
  name: "order_status",
  description: "Looks up an order's delivery status by its number.",
  method: "GET" as const,
  url,
  headers: [{ name: "X-Api-Key", value: "secret-key-123" }],
  parameters: { type: "object", properties: { order_id: { type: "string", description: "The order number" } }, required: ["order_id"] },
});

/** The model calls `order_status` for order 123 first, then answers from what the tool returned. */
function toolThenAnswer(req: RecordedCompletion) {
  const tool = req.body.messages.find((m) => m.role === "tool");
  if (!tool) return req.body.tools?.length ? { toolCalls: [{ name: "order_status", arguments: '{"order_id":"123"}' }] } : { text: "No tools here." };
  const result = JSON.parse(tool.content) as { status?: string; eta?: string; error?: string };
  return { text: result.error ? `The lookup failed: ${result.error}` : `Your order 123 is ${result.status} and arrives ${result.eta}.` };
}

function answerOf(output: TurnOutput) {
  if ("handoff" in output) throw new Error("handed to a person");
  return output;
}

const status = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e instanceof AppError ? { status: e.status, errors: e.errors } : e));

describe("defining actions", () => {
  it("seals header values (never returned) and refuses a broken JSON Schema, an undefined placeholder and a metadata address, naming the field", async () => {
    const bot = await botIn(["actions"]);
    const created = await createAction(db, bot.id, orderStatus(`${service.url}/orders/{order_id}`));
    expect(created.headers).toEqual([{ name: "X-Api-Key" }]);
    const row = await db.chatbotAction.findUniqueOrThrow({ where: { id: created.id } });
    expect(JSON.stringify(row.headers)).not.toContain("secret-key-123");

    // An edit that leaves a header's value out keeps the stored one.
    await updateAction(db, bot.id, created.id, { headers: [{ name: "X-Api-Key" }] });
    expect((await db.chatbotAction.findUniqueOrThrow({ where: { id: created.id } })).headers).toEqual(row.headers);

    expect(await status(createAction(db, bot.id, { ...orderStatus(`${service.url}/x`), name: "bad", parameters: { type: "object", properties: { a: { type: "nope" } } } }))).toMatchObject({
      status: 422,
      errors: { parameters: [expect.stringMatching(/not a valid JSON Schema/)] },
    });
    expect(await status(createAction(db, bot.id, { ...orderStatus(`${service.url}/orders/{order}`), name: "bad2" }))).toMatchObject({ status: 422, errors: { url: [expect.stringMatching(/\{order\}/)] } });
    expect(await status(createAction(db, bot.id, { ...orderStatus("http://169.254.169.254/latest/{order_id}"), name: "bad3" }))).toMatchObject({ status: 422, errors: { url: [expect.stringMatching(/private, loopback or metadata/)] } });
    expect(await status(createAction(db, bot.id, orderStatus(`${service.url}/other/{order_id}`)))).toMatchObject({ status: 422, errors: { name: [expect.any(String)] } });
    expect((await listActions(db, bot.id)).map((a) => a.name)).toEqual(["order_status"]);
  });
});

describe("actions in a turn", () => {
  it("offers the action as a tool, calls the service with its sealed header, answers from the result, and records the call", async () => {
    const bot = await botIn(["actions"]);
    await createAction(db, bot.id, orderStatus(`${service.url}/orders/{order_id}`));
    stub.reply(toolThenAnswer);
    const before = stub.requests.length;
    const deltas: string[] = [];
    const answer = answerOf(await runTurn(db, { chatbot: bot, onDelta: (d) => deltas.push(d) }, { message: "Where is my order 123?" }));

    expect(answer.message.content).toBe("Your order 123 is shipped and arrives Friday.");
    expect(deltas.join("")).toBe(answer.message.content);
    const [first, second] = stub.requests.slice(before);
    expect(first!.body.tools).toEqual([expect.objectContaining({ type: "function", function: expect.objectContaining({ name: "order_status" }) })]);
    expect(first!.body.stream).toBeFalsy();
    expect(second!.body.messages.find((m) => m.role === "tool")!.content).toContain('"status":"shipped"');

    const call = service.requests.at(-1)!;
    expect(call).toMatchObject({ method: "GET", url: "/orders/123" });
    expect(call.headers["x-api-key"]).toBe("secret-key-123");

    const calls = await listActionCalls(db, answer.conversation_id);
    expect(calls).toEqual([
      expect.objectContaining({ message_id: answer.message.id, name: "order_status", status: 200, error: null, request: { method: "GET", url: `${service.url}/orders/123`, body: null } }),
    ]);
    expect(calls[0]!.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it("a call that times out, a response over the size bound and a redirect never break the answer: the visitor gets a clear sentence", async () => {
    for (const [path, error] of [
      ["/slow/{order_id}", /did not answer within 800 ms/],
      ["/big/{order_id}", /larger than 10000 bytes/],
      ["/redirect/{order_id}", /redirect \(HTTP 302\), which is not followed/],
    ] as const) {
      const bot = await botIn(["actions"]);
      await createAction(db, bot.id, orderStatus(`${service.url}${path}`));
      stub.reply(toolThenAnswer);
      const answer = answerOf(await runTurn(db, { chatbot: bot }, { message: "Where is my order 123?" }));
      expect(answer.message.content).toBe("Sorry, I couldn't get that done right now: the order status service did not work. Please try again in a moment.");
      expect(answer.message.answered).toBe(false);
      const [call] = await listActionCalls(db, answer.conversation_id);
      expect(call!.error).toMatch(error);
    }
  }, 60_000);

  it("refuses a private or metadata address at call time, whatever was stored", async () => {
    const bot = await botIn(["actions"]);
    // Stored around the API's own check (as an address that became private would be): the guard still refuses it.
    await db.chatbotAction.create({ data: { chatbotId: bot.id, ...orderStatus("http://169.254.169.254/latest/{order_id}"), headers: [] } });
    stub.reply(toolThenAnswer);
    const before = service.requests.length;
    const answer = answerOf(await runTurn(db, { chatbot: bot }, { message: "Where is my order 123?" }));
    expect(answer.message.content).toMatch(/^Sorry, I couldn't get that done right now/);
    const [call] = await listActionCalls(db, answer.conversation_id);
    expect(call).toMatchObject({ status: null, error: expect.stringMatching(/private, loopback or reserved: refused/) });
    expect(service.requests.length).toBe(before);
  });

  it("offers no tools when the workspace does not have the actions integration", async () => {
    // With the general-assistant fallback on, the model is asked even though no source matches.
    const bot = await db.chatbot.update({ where: { id: (await botIn([])).id }, data: { enableAssistantFallback: true } });
    await createAction(db, bot.id, orderStatus(`${service.url}/orders/{order_id}`));
    stub.reply(toolThenAnswer);
    const before = stub.requests.length;
    const answer = answerOf(await runTurn(db, { chatbot: bot }, { message: "Where is my order 123?" }));
    expect(answer.message.content).toBe("No tools here.");
    expect(stub.requests.slice(before).map((r) => r.body.tools)).toEqual([undefined]);
    expect(await listActionCalls(db, answer.conversation_id)).toEqual([]);
  });
});

describe("HTTP action buttons (no LLM)", () => {
  const latestOrder = (url: string, name = "latest_order") => ({ ...orderStatus(url), name, headers: [], parameters: { type: "object", properties: {} } });
  const button = (actionId: string) => ({ type: "http" as const, name: "My last order", prompt: "", url: "", action_id: actionId });

  it("a button must name an action of the same chatbot without required parameters (422 on action_id)", async () => {
    const bot = await botIn(["actions"]);
    const other = await botIn(["actions"]);
    const needsArgs = await createAction(db, bot.id, orderStatus(`${service.url}/orders/{order_id}`));
    const foreign = await createAction(db, other.id, latestOrder(`${service.url}/latest`));
    expect(await status(createSuggestedMessage(db, bot.id, button(needsArgs.id)))).toMatchObject({ status: 422, errors: { action_id: [expect.stringMatching(/requires order_id/)] } });
    expect(await status(createSuggestedMessage(db, bot.id, button(foreign.id)))).toMatchObject({ status: 422, errors: { action_id: [expect.any(String)] } });
    const own = await createAction(db, bot.id, latestOrder(`${service.url}/latest`));
    const created = await createSuggestedMessage(db, bot.id, button(own.id));
    expect(created).toMatchObject({ type: "http", prompt: "My last order", action: { type: "http", action_id: own.id } });
  });

  it("pressing the button calls the action without an LLM and answers with its message, recorded and exposed to the widget", async () => {
    const bot = await botIn(["actions"]);
    const action = await createAction(db, bot.id, latestOrder(`${service.url}/latest`));
    const plain = await createAction(db, bot.id, latestOrder(`${service.url}/plain`, "opening_hours"));
    const pressed = await createSuggestedMessage(db, bot.id, button(action.id));
    const hours = await createSuggestedMessage(db, bot.id, { ...button(plain.id), name: "Opening hours" });
    const config = await widgetConfig(db, { ...bot, workspace: { id: bot.teamId, status: "active", pauseMode: null } });
    expect(config.suggested_messages).toEqual([
      { id: pressed.id, type: "http", name: "My last order", prompt: "My last order", url: null },
      { id: hours.id, type: "http", name: "Opening hours", prompt: "Opening hours", url: null },
    ]);

    stub.reply(() => ({ text: "The model must not be asked." }));
    const llmBefore = stub.requests.length;
    const answer = answerOf(await runTurn(db, { chatbot: bot }, { message: "My last order", suggestion_id: pressed.id }));
    expect(answer.message.content).toBe("Your last order 77 shipped today.");
    expect(answer.message.answered).toBe(true);
    expect(service.requests.at(-1)).toMatchObject({ method: "GET", url: "/latest" });
    const second = answerOf(await runTurn(db, { chatbot: bot }, { message: "Opening hours", suggestion_id: hours.id, conversation_id: answer.conversation_id }));
    expect(second.message.content).toBe("Open 9 to 5, Monday to Friday.");
    expect(stub.requests.length).toBe(llmBefore);
    expect(await listActionCalls(db, answer.conversation_id)).toEqual([
      expect.objectContaining({ message_id: answer.message.id, name: "latest_order", status: 200, error: null }),
      expect.objectContaining({ message_id: second.message.id, name: "opening_hours", status: 200, error: null }),
    ]);
  });

  it("a failing action answers with the plain failure sentence", async () => {
    const bot = await botIn(["actions"]);
    const action = await createAction(db, bot.id, latestOrder(`${service.url}/broken`, "order_lookup"));
    const pressed = await createSuggestedMessage(db, bot.id, button(action.id));
    const answer = answerOf(await runTurn(db, { chatbot: bot }, { message: "My last order", suggestion_id: pressed.id }));
    expect(answer.message.content).toBe("Sorry, I couldn't get that done right now: the order lookup service did not work. Please try again in a moment.");
    expect(answer.message.answered).toBe(false);
    expect(await listActionCalls(db, answer.conversation_id)).toEqual([expect.objectContaining({ status: 500, error: "The service answered HTTP 500." })]);
  });

  it("without the actions integration the button is refused (422 on suggestion_id) and nothing is called", async () => {
    const bot = await botIn(["actions"]);
    const action = await createAction(db, bot.id, latestOrder(`${service.url}/latest`));
    const pressed = await createSuggestedMessage(db, bot.id, button(action.id));
    await db.team.update({ where: { id: bot.teamId }, data: { enabledIntegrations: [] } });
    const before = service.requests.length;
    expect(await status(runTurn(db, { chatbot: bot }, { message: "My last order", suggestion_id: pressed.id }))).toMatchObject({ status: 422, errors: { suggestion_id: [expect.any(String)] } });
    expect(service.requests.length).toBe(before);
  });
});
