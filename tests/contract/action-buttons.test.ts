import http from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { createAction } from "@/server/actions/actions";
import { createSuggestedMessage } from "@/server/chatbots/suggested-messages";
import { onCleanup } from "../helpers/cleanup";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot } from "../helpers/fixtures";
import { startAppServer } from "../helpers/server";
import { sseFrames } from "../helpers/sse";

/**
 * An HTTP action button over the widget's public API against the production build (docs/decisions/075-suggested-message-actions.md):
 * the config draws it with its id, and a chat turn with that `suggestion_id` answers with the local service's message.
 */
let base: string;
let db: Db;
let botId: string;
let suggestionId: string;

beforeAll(async () => {
  // The service is on 127.0.0.1: allowed here (read once by src/server/kernel/env.ts) and in the app server.
  process.env.ACTIONS_ALLOW_PRIVATE_NETWORKS = "true";
  const service = http.createServer((_req, res) => void res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ message: "Your last order 77 shipped today." })));
  await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
  onCleanup(() => new Promise<void>((resolve) => (service.closeAllConnections(), service.close(() => resolve()))));
  const created = await createTestDatabase();
  db = created.db;
  const owner = await agencyOwner(db);
  const team = await db.team.create({
    data: { kind: "client", name: "Shop", plan: "agency_client", ownerId: owner.agency.ownerId, agencyId: owner.agency.id, messageLimit: 100, enabledIntegrations: ["actions"] },
  });
  botId = (await chatbot(db, team.id, owner.user.id, "Shop Bot")).id;
  const action = await createAction(db, botId, {
    name: "latest_order",
    description: "The visitor's latest order.",
    method: "GET",
    url: `http://127.0.0.1:${(service.address() as AddressInfo).port}/latest`,
    headers: [],
    parameters: { type: "object", properties: {} },
  });
  suggestionId = (await createSuggestedMessage(db, botId, { type: "http", name: "My last order", prompt: "", url: "", action_id: action.id })).id;
  base = (await startAppServer(created.url, { ACTIONS_ALLOW_PRIVATE_NETWORKS: "true" })).baseUrl;
}, 120_000);

describe("an HTTP action button in the widget", () => {
  it("is in the config with its id, and pressing it answers with the action's message", async () => {
    const config = await (await fetch(`${base}/api/widget/${botId}/config`)).json();
    expect(config.suggested_messages).toEqual([{ id: suggestionId, type: "http", name: "My last order", prompt: "My last order", url: null }]);

    const res = await fetch(`${base}/api/widget/${botId}/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify({ message: "My last order", suggestion_id: suggestionId }),
    });
    expect(res.status).toBe(200);
    const done = sseFrames(await res.text()).find((f) => f.event === "done")?.data as { message: { content: string } } | undefined;
    expect(done?.message.content).toBe("Your last order 77 shipped today.");
    expect(await db.actionCall.count({ where: { conversation: { chatbotId: botId } } })).toBe(1);
  });
});
