import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createPrismaClient } from "../src/server/kernel/db/client";
import { trainOnBakeryPages } from "../tests/helpers/answers-fixtures";
import { startReceiver, waitFor } from "../tests/helpers/https-receiver";
import { demoApi, e2eDatabaseUrl, logIn, OWNER } from "./helpers";
import { RECEIVER_CERT, RECEIVER_KEY } from "./receiver-tls";
import { startHostSite, widgetLauncher, widgetPanel, type HostSite } from "./widget-host";

/**
 * The embed line on a third-party website (another origin), driven in real
 * Chromium against the real product: the loader, the panel iframe, the
 * public API, the answer pipeline, analytics and the lead webhook.
 */
let host: HostSite;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let chatbotId = "";
let clientId = "";
const BOT = "Bakery Bot";

test.beforeAll(async ({}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  // A fresh client workspace with one agent, trained on two pages (indexed through the retrieval module).
  const created = await demoApi(baseURL, "POST", "/v1/agency/clients", { name: `Widget Bakery ${Date.now()}`, message_limit: 200, chatbot: { name: BOT } });
  clientId = created.client.id;
  chatbotId = created.chatbot.id;
  const db = createPrismaClient(e2eDatabaseUrl());
  try {
    await db.chatbot.update({ where: { id: chatbotId }, data: { accentColor: "#1d4ed8", launcherText: "Chat with us" } });
    await trainOnBakeryPages(db, chatbotId);
  } finally {
    await db.$disconnect();
  }
  receiver = await startReceiver({ port: 0, tls: { cert: readFileSync(RECEIVER_CERT, "utf8"), key: readFileSync(RECEIVER_KEY, "utf8") } });
  await demoApi(baseURL, "POST", "/v1/agency/webhooks", { url: receiver.url("/widget-leads"), events: ["lead.captured"] });
  host = await startHostSite(baseURL, () => chatbotId);
});

test.afterAll(async () => {
  await host?.close();
  await receiver?.close();
});

const launcher = (page: Page) => widgetLauncher(page, BOT);
const panel = (page: Page) => widgetPanel(page, BOT);

test("a visitor opens the widget, gets a streamed answer with sources, rates it, follows a link, comes back after a reload and leaves an e-mail", async ({ page, baseURL }) => {
  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  await page.goto(host.url("/"));
  await expect(launcher(page)).toBeVisible();
  await expect(launcher(page)).toContainText("Chat with us");
  // Before the visitor interacts: only the loader and the config, no panel, no cookies on the host page.
  expect(requests.filter((u) => u.startsWith(baseURL!)).map((u) => new URL(u).pathname)).toEqual(["/widget.js", `/api/widget/${chatbotId}/config`]);
  expect(await page.context().cookies(host.url("/"))).toEqual([]);

  await launcher(page).click();
  const chat = panel(page);
  await expect(chat.getByRole("dialog", { name: BOT })).toBeVisible();
  await expect(chat.getByRole("textbox", { name: "Message" })).toBeFocused();
  const streamed = page.waitForResponse((r) => r.url().endsWith(`/api/widget/${chatbotId}/chat`));
  await chat.getByRole("textbox", { name: "Message" }).fill("Is delivery free?");
  await chat.getByRole("textbox", { name: "Message" }).press("Enter");
  const response = await streamed;
  expect(response.headers()["content-type"]).toContain("text/event-stream");
  const log = chat.getByRole("log", { name: "Conversation" });
  await expect(log).toContainText("Delivery is free for orders above 30 euros.");
  const source = log.getByRole("list", { name: "Sources" }).getByRole("link", { name: "Delivery" });
  // The source once, as a link (not a markdown line in the text too); the live region reads the answer, no URL.
  await expect(log.getByRole("link", { name: "Delivery" })).toHaveCount(1);
  await expect(log).not.toContainText("](https://");
  await expect(chat.locator('[aria-live="polite"]')).toContainText("Delivery is free for orders above 30 euros.");
  await expect(chat.locator('[aria-live="polite"]')).not.toContainText("https://");
  await expect(source).toHaveAttribute("target", "_blank");
  await expect(source).toHaveAttribute("rel", "noopener");

  // Thumbs up, stored.
  await chat.getByRole("button", { name: "Helpful", exact: true }).click();
  await expect(chat.getByRole("button", { name: "Helpful", exact: true })).toHaveAttribute("aria-pressed", "true");

  // The source link opens in a new tab and counts in analytics.
  const popup = page.waitForEvent("popup");
  const click = page.waitForResponse((r) => r.url().endsWith("/link-clicks"));
  await source.click();
  await (await popup).close();
  expect((await click).status()).toBe(201);
  const today = new Date().toISOString().slice(0, 10);
  const analytics = await demoApi(baseURL!, "GET", `/v1/${chatbotId}/analytics?from=${today}&to=${today}`);
  expect(analytics.uniqueLinkClicks).toBe(1);
  expect(analytics.positiveFeedback).toBe(1);
  expect(analytics.popular.popularLinks).toEqual([expect.objectContaining({ url: "https://bakery.example/delivery", conversations_count: 1 })]);

  // The conversation survives a reload and a navigation to another page of the site.
  await page.reload();
  await launcher(page).click();
  await expect(panel(page).getByRole("log")).toContainText("Delivery is free for orders above 30 euros.");
  await page.getByRole("link", { name: "Other page" }).click();
  await expect(page.getByRole("heading", { name: "Other page" })).toBeVisible();
  await launcher(page).click();
  const again = panel(page);
  await expect(again.getByRole("log")).toContainText("Is delivery free?");
  await expect(again.getByRole("button", { name: "Helpful", exact: true })).toHaveAttribute("aria-pressed", "true");

  // A question the site does not answer gets the honest default answer and the offer to leave one's details
  // (docs/decisions/051-grounded-or-honest-answers.md); the form is submitted as data (docs/decisions/059-a-real-lead-form.md): a thank-you, no chat message, no answer, and
  // lead.captured carries the fields.
  await again.getByRole("textbox", { name: "Message" }).fill("Do you repair bicycles?");
  await again.getByRole("textbox", { name: "Message" }).press("Enter");
  const offer = again.getByRole("button", { name: /we.ll get back to you/ });
  await expect(offer).toHaveCount(1);
  const answersBefore = await again.locator('[data-message-id]').count();
  await offer.click();
  await again.getByLabel("Your name").fill("Vera Visitor");
  await again.getByLabel("Your e-mail").fill("visitor@bakery-fan.example");
  await again.getByRole("button", { name: "Send", exact: true }).click();
  await expect(again.getByRole("log")).toContainText("Thank you! We\u2019ll get back to you soon.");
  await expect(again.getByRole("log")).not.toContainText("visitor@bakery-fan.example");
  expect(await again.locator('[data-message-id]').count()).toBe(answersBefore);
  const delivered = await waitFor(async () => receiver.at("/widget-leads")[0], 30_000, "lead.captured delivery");
  const event = JSON.parse(delivered.body) as { event: string; data: { visitor: { email: string; first_name: string }; fields: Record<string, string> } };
  expect(event.event).toBe("lead.captured");
  expect(event.data.visitor).toMatchObject({ email: "visitor@bakery-fan.example", first_name: "Vera" });
  expect(event.data.fields).toEqual({ name: "Vera Visitor", email: "visitor@bakery-fan.example" });
});

test("a hard pause hides the widget on the next load; a resume shows it again", async ({ page, baseURL }) => {
  await page.goto(host.url("/"));
  await expect(launcher(page)).toBeVisible();
  await demoApi(baseURL!, "POST", `/v1/agency/clients/${clientId}/pause`, { mode: "hard" });
  // The config is cached for 5 seconds: reload until the widget is gone.
  await expect(async () => {
    const config = page.waitForResponse((r) => r.url().endsWith("/config"));
    await page.reload();
    expect((await config).status()).toBe(404);
  }).toPass({ timeout: 20_000 });
  await expect(page.locator("[data-acp-widget]")).toHaveCount(0);
  await expect(launcher(page)).toHaveCount(0);

  await demoApi(baseURL!, "POST", `/v1/agency/clients/${clientId}/resume`);
  await expect(async () => {
    await page.reload();
    await expect(launcher(page)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
});

test("hostile host CSS leaves the launcher and the panel intact", async ({ page }) => {
  await page.goto(host.url("/hostile"));
  await expect(launcher(page)).toBeVisible();
  const box = (await launcher(page).boundingBox())!;
  expect(box.height).toBe(56);
  expect(box.width).toBeLessThan(260);
  await launcher(page).click();
  const frame = page.locator(`iframe[title="Chat with ${BOT}"]`);
  await expect(frame).toBeVisible();
  const frameBox = (await frame.boundingBox())!;
  expect(frameBox.width).toBe(400);
  expect(frameBox.height).toBeGreaterThan(400);
  await expect(panel(page).getByRole("heading", { name: BOT })).toHaveCSS("font-size", "16px");
  await page.screenshot({ path: test.info().outputPath("hostile.png") });
});

test("on a 390×844 phone the panel is full screen with the input in view", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(host.url("/"));
  await launcher(page).click();
  const frame = page.locator(`iframe[title="Chat with ${BOT}"]`);
  await expect(frame).toBeVisible();
  const box = (await frame.boundingBox())!;
  expect(box).toEqual({ x: 0, y: 0, width: 390, height: 844 });
  await expect(panel(page).getByRole("textbox", { name: "Message" })).toBeInViewport();
  // A placeholder longer than the one-line box stays on its line, never a clipped half of a second one.
  expect(await panel(page).getByRole("textbox", { name: "Message" }).evaluate((el) => getComputedStyle(el, "::placeholder").whiteSpace)).toBe("nowrap");
  await expect(panel(page).getByRole("button", { name: "Close chat" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("phone.png") });
  await panel(page).getByRole("button", { name: "Close chat" }).click();
  await expect(frame).toBeHidden();
  await context.close();
});

test("keyboard only: open, type, send, Esc closes and focus returns to the launcher", async ({ page }) => {
  await page.goto(host.url("/other"));
  await expect(launcher(page)).toBeVisible();
  await page.keyboard.press("Tab"); // Home
  await page.keyboard.press("Tab"); // Other page
  await page.keyboard.press("Tab"); // the launcher
  await expect(launcher(page)).toBeFocused();
  await page.keyboard.press("Enter");
  const chat = panel(page);
  await expect(chat.getByRole("textbox", { name: "Message" })).toBeFocused();
  await page.keyboard.type("When are you open on Saturday?");
  await page.keyboard.press("Enter");
  await expect(chat.getByRole("log")).toContainText("8 am to 2 pm");
  // Focus stays inside the dialog while tabbing around it.
  for (let i = 0; i < 12; i++) await page.keyboard.press("Tab");
  await expect(chat.locator(":focus")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(page.locator(`iframe[title="Chat with ${BOT}"]`)).toBeHidden();
  await expect(page.getByRole("button", { name: `Open chat: ${BOT}` })).toBeFocused();
});

test("axe-core finds no serious or critical issue on the open panel and the share page", async ({ page }) => {
  await page.goto(host.url("/"));
  await launcher(page).click();
  await expect(panel(page).getByRole("textbox", { name: "Message" })).toBeFocused();
  const serious = (r: Awaited<ReturnType<AxeBuilder["analyze"]>>) => r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious(await new AxeBuilder({ page }).analyze())).toEqual([]);
  await page.goto(`/chat/${chatbotId}`);
  await expect(page.getByRole("heading", { name: BOT })).toBeVisible();
  expect(serious(await new AxeBuilder({ page }).analyze())).toEqual([]);
});

test("the Install tab shows the embed line, the share link, the allowed domain and the real widget as a preview", async ({ page, baseURL }) => {
  await logIn(page, OWNER);
  await page.goto(`/chatbots/${chatbotId}/install`);
  await expect(page.getByRole("link", { name: "Install" })).toHaveAttribute("aria-current", "page");
  await expect(page.locator("#embed-line")).toHaveText(`<script src="${baseURL}/widget.js" data-chatbot-id="${chatbotId}" async></script>`);
  await expect(page.locator("#share-link")).toHaveText(`${baseURL}/chat/${chatbotId}`);
  await page.getByRole("button", { name: "Copy embed code" }).click();
  await expect(page.getByText("Copied to clipboard.")).toBeAttached();
  await expect(page.getByText("No domain set.")).toBeVisible();
  const preview = page.frameLocator('iframe[title="Live widget preview"]');
  await page.locator('iframe[title="Live widget preview"]').evaluate((el) => el.scrollIntoView({ block: "end" }));
  await expect(preview.getByRole("button", { name: `Open chat: ${BOT}` })).toBeVisible();
  await preview.getByRole("button", { name: `Open chat: ${BOT}` }).click();
  await expect(preview.frameLocator(`iframe[title="Chat with ${BOT}"]`).getByRole("heading", { name: BOT })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("install.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("install-phone.png"), fullPage: true });
});
