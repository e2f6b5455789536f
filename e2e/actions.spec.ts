import http from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { demoToken, logIn, OWNER } from "./helpers";

/**
 * An HTTP action as a new user tries it (docs/decisions/076-http-actions.md): a client workspace with AI actions and its own LLM key,
 * an "order status" action defined in the Actions tab against a local HTTP service, the playground asked
 * "where is my order 123?" (the LLM stand-in of e2e/llm-stub.ts calls the tool), the service's answer in
 * the reply and the call in the inbox.
 */
let service: http.Server;
let serviceUrl = "";
const calls: string[] = [];

test.beforeAll(async () => {
  service = http.createServer((req, res) => {
    calls.push(`${req.method} ${req.url} ${req.headers["x-api-key"] ?? ""}`);
    const id = /\/orders\/([^/?]+)/.exec(req.url ?? "")?.[1] ?? "?";
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ order: id, status: "shipped", eta: "on Friday" }));
  });
  await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  service.closeAllConnections();
  await new Promise((resolve) => service.close(resolve));
});

test("define an order status action, ask the playground, see the result in the answer and the call in the inbox", async ({ page, request }) => {
  const created = await request.post("/v1/agency/clients", {
    headers: { Authorization: `Bearer ${demoToken()}`, "Idempotency-Key": crypto.randomUUID() },
    data: { name: `Orders Shop ${Date.now()}`, byok_enabled: true, enabled_integrations: ["actions"], chatbot: { name: "Orders Bot" } },
  });
  expect(created.status()).toBe(201);
  const chatbotId = ((await created.json()) as { chatbot: { id: string } }).chatbot.id;

  await logIn(page, OWNER);
  // The workspace's own LLM key (the stand-in accepts any).
  await page.goto(`/chatbots/${chatbotId}/settings`);
  await page.getByLabel("Workspace key").fill("sk-e2e-workspace-key");
  await page.getByRole("button", { name: "Save key" }).click();
  await expect(page.getByTestId("workspace-llm-key-status")).toContainText("Set, ending");

  // The Actions tab: a broken schema is refused on its field, then the action is saved.
  await page.getByRole("navigation", { name: "Chatbot sections" }).getByRole("link", { name: "Actions" }).click();
  await page.getByRole("button", { name: "Add action" }).click();
  const form = page.getByRole("dialog", { name: "Add action" });
  await form.getByLabel("Name").fill("order_status");
  await form.getByLabel("What it does").fill("Looks up an order's delivery status by its order number.");
  await form.getByLabel("URL").fill(`${serviceUrl}/orders/{order_id}`);
  await form.getByLabel("Headers").fill("X-Api-Key: shop-secret");
  await form.getByLabel("Parameters (JSON Schema)").fill('{"type":"object","properties":{"order_id":{"type":"strin"}}}');
  await form.getByRole("button", { name: "Add action" }).click();
  await expect(form.getByText(/not a valid JSON Schema/)).toBeVisible();
  await form.getByLabel("Parameters (JSON Schema)").fill('{"type":"object","properties":{"order_id":{"type":"string","description":"The order number"}},"required":["order_id"]}');
  await form.getByRole("button", { name: "Add action" }).click();
  await expect(page.getByTestId("chatbot-action")).toHaveCount(1);
  await expect(page.getByTestId("chatbot-action")).toContainText("order_status");
  expect((await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);

  // The REST API lists it, header names only.
  const listed = await request.get(`/v1/${chatbotId}/actions`, { headers: { Authorization: `Bearer ${demoToken()}` } });
  const [action] = (await listed.json()) as Array<{ name: string; headers: unknown[] }>;
  expect(action).toMatchObject({ name: "order_status", headers: [{ name: "X-Api-Key" }] });
  expect(JSON.stringify(action)).not.toContain("shop-secret");

  // The playground: the agent calls the action and answers from its result.
  await page.getByRole("navigation", { name: "Chatbot sections" }).getByRole("link", { name: "Playground" }).click();
  await page.getByLabel("Your message").fill("Where is my order 123?");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("playground-answer").last()).toContainText("Your order 123 is shipped and arrives on Friday.");
  expect(calls).toContain("GET /orders/123 shop-secret");

  // The inbox shows the call under the answer.
  await page.getByRole("navigation", { name: "Chatbot sections" }).getByRole("link", { name: "Inbox" }).click();
  await page.getByTestId("inbox-conversation").first().click();
  const call = page.getByRole("region", { name: "Transcript" }).getByTestId("transcript-action-call");
  await expect(call).toContainText("order_status");
  await expect(call).toContainText(`GET ${serviceUrl}/orders/123`);
  await expect(call).toContainText("HTTP 200");
  await page.screenshot({ path: "test-results/actions-inbox-desktop.png", fullPage: true });

  // The Actions tab on a phone: no sideways scrolling, the dialog reachable by keyboard.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/chatbots/${chatbotId}/actions`);
  await expect(page.getByTestId("chatbot-action")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.getByRole("button", { name: "Edit order_status" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Edit action" }).getByLabel("Headers")).toHaveValue("X-Api-Key:");
  await page.screenshot({ path: "test-results/actions-edit-mobile.png", fullPage: true });
  await page.keyboard.press("Escape");
});
