import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { createChatbotInDialog, demoToken, logIn, OWNER } from "./helpers";

/**
 * Suggested messages as buttons (docs/decisions/075-suggested-message-actions.md): defined in the
 * dashboard, read back through the API with their documented `action`, and doing their job on the share page —
 * the lead form opens, a person is asked for.
 */
const auth = () => ({ Authorization: `Bearer ${demoToken()}` });

test("lead form and handoff buttons: defined in the dashboard, returned as stored, working on the share page", async ({ page, request, browser }) => {
  await logIn(page, OWNER);
  const id = await createChatbotInDialog(page, `Buttons bot ${Date.now()}`, "Harbor Dental");

  await page.getByRole("link", { name: "Suggested messages" }).click();
  for (const [type, label] of [
    ["Lead form", "Get a quote"],
    ["Talk to a person", "Talk to us"],
  ] as const) {
    await page.getByRole("button", { name: "Add suggested message" }).click();
    const form = page.getByRole("dialog", { name: "Add suggested message" });
    await form.getByLabel(type).check();
    await form.getByLabel("Button label").fill(label);
    await form.getByRole("button", { name: "Add message" }).click();
    await expect(form).toHaveCount(0);
  }
  await expect(page.getByTestId("suggested-message")).toHaveCount(2);

  const prompts = await (await request.get(`/v1/${id}/prompts`, { headers: auth() })).json();
  expect(prompts.map((p: { name: string; type: string; action: unknown }) => [p.name, p.type, p.action])).toEqual([
    ["Get a quote", "lead_form", { type: "lead_form" }],
    ["Talk to us", "handoff", { type: "handoff" }],
  ]);

  // The visitor, on the share page: the lead form button opens the form, keyboard only.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/chat/${id}`);
  const buttons = visitor.getByRole("list", { name: "Suggested questions" });
  await buttons.getByRole("button", { name: "Get a quote" }).focus();
  await visitor.keyboard.press("Enter");
  await expect(visitor.getByRole("form", { name: "Leave your details" })).toBeVisible();
  await visitor.getByRole("form", { name: "Leave your details" }).getByRole("button", { name: "Cancel" }).click();

  // The handoff button sends its text, then asks for a person.
  await buttons.getByRole("button", { name: "Talk to us" }).click();
  await expect(visitor.getByRole("log", { name: "Conversation" })).toContainText("Talk to us");
  await expect(visitor.getByTestId("widget-handoff-status")).toBeVisible();
  await visitor.context().close();
});

test("an HTTP action button: chosen in the dashboard, pressed on the share page, the service's message is the answer", async ({ page, request, browser }) => {
  const service = http.createServer((_req, res) => void res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ message: "Your last order 77 shipped today." })));
  await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
  try {
    const created = await request.post("/v1/agency/clients", {
      headers: { ...auth(), "Idempotency-Key": crypto.randomUUID() },
      data: { name: `Button Shop ${Date.now()}`, enabled_integrations: ["actions"], chatbot: { name: "Button Bot" } },
    });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { chatbot: { id: string } }).chatbot.id;
    const action = await request.post(`/v1/${id}/actions`, {
      headers: auth(),
      data: {
        name: "latest_order",
        description: "The visitor's latest order.",
        method: "GET",
        url: `http://127.0.0.1:${(service.address() as AddressInfo).port}/latest`,
        headers: [],
        parameters: { type: "object", properties: {} },
      },
    });
    expect(action.status()).toBe(201);

    await logIn(page, OWNER);
    await page.goto(`/chatbots/${id}/prompts`);
    await page.getByRole("button", { name: "Add suggested message" }).click();
    const form = page.getByRole("dialog", { name: "Add suggested message" });
    await form.getByLabel("HTTP action").check();
    await form.getByLabel("Button label").fill("My last order");
    await form.getByLabel("Action", { exact: true }).selectOption({ label: "latest_order" });
    await form.getByRole("button", { name: "Add message" }).click();
    await expect(form).toHaveCount(0);
    const prompts = await (await request.get(`/v1/${id}/prompts`, { headers: auth() })).json();
    expect(prompts.map((p: { type: string; action: { type: string } }) => [p.type, p.action.type])).toEqual([["http", "http"]]);

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`/chat/${id}`);
    await visitor.getByRole("list", { name: "Suggested questions" }).getByRole("button", { name: "My last order" }).click();
    await expect(visitor.getByRole("log", { name: "Conversation" })).toContainText("Your last order 77 shipped today.");
    await visitor.context().close();
  } finally {
    service.closeAllConnections();
    await new Promise((resolve) => service.close(resolve));
  }
});
