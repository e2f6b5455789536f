import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { demoToken, e2eSql, logIn, OWNER } from "./helpers";
import { startHostSite, type HostSite } from "./widget-host";

/**
 * The visitor's panel when the chat cannot go on (docs/decisions/078-a-light-visitor-panel.md): an unknown link, a chatbot switched off, a
 * paused or suspended workspace, credits run out. The share page and the panel say so in the chatbot's
 * voice (its name and colours), with no link into the app, and offer the lead form where the chatbot
 * wants leads. Each state is saved as a screenshot (test-results/…/dead-end-*.png) for review. The panel
 * itself is checked on a third-party page at 1280 and 390 px: axe, 16 px inputs, 44 px targets. The
 * proactive greeting, set on the settings page, shows once per visitor beside the launcher.
 */
const BOT = "Corner Bakery";
let chatbotId = "";
let clientId = "";
let host: HostSite;

async function api(baseURL: string, method: string, route: string, body?: unknown) {
  const res = await fetch(`${baseURL}${route}`, {
    method,
    headers: { Authorization: `Bearer ${demoToken()}`, "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, { id: string }>;
}

const serious = (r: Awaited<ReturnType<AxeBuilder["analyze"]>>) =>
  r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test.beforeAll(async ({}, testInfo) => {
  const created = await api(testInfo.project.use.baseURL!, "POST", "/v1/agency/clients", { name: `Dead ends ${Date.now()}`, message_limit: 100, chatbot: { name: BOT } });
  clientId = created.client!.id;
  chatbotId = created.chatbot!.id;
  await e2eSql(`UPDATE chatbots SET accent_color = '#be123c' WHERE id = $1`, [chatbotId]);
  host = await startHostSite(testInfo.project.use.baseURL!, () => chatbotId);
});

test.afterAll(async () => {
  await host?.close();
  await e2eSql(`UPDATE teams SET status = 'active', pause_mode = NULL, message_limit = 100, messages_used = 0 WHERE id = $1`, [clientId]);
});

test("each dead end is said in the chatbot's voice, without a link into the app", async ({ page, baseURL }) => {
  // An unknown link: 404, and nothing of any chatbot.
  const unknown = await page.goto(`/chat/${crypto.randomUUID()}`);
  expect(unknown!.status()).toBe(404);
  await expect(page.getByTestId("panel-dead-end")).toContainText("This chat isn\u2019t available");
  await expect(page.getByRole("link")).toHaveCount(0);
  expect(serious(await new AxeBuilder({ page }).analyze())).toEqual([]);
  await shot(page, "dead-end-unknown");

  // A paused or suspended chatbot whose form shows when it cannot answer (the default form) still takes leads; switched off, it does not.
  const states: [string, string, string, boolean][] = [
    ["paused", `UPDATE teams SET status = 'paused', pause_mode = 'hard' WHERE id = '${clientId}'`, `${BOT} is taking a break`, true],
    ["suspended", `UPDATE teams SET status = 'suspended', pause_mode = NULL WHERE id = '${clientId}'`, `${BOT} isn\u2019t available`, true],
    ["switched-off", `UPDATE teams SET status = 'active' WHERE id = '${clientId}'; UPDATE chatbots SET enabled = false WHERE id = '${chatbotId}'`, `${BOT} isn\u2019t available`, false],
  ];
  for (const [name, sql, title, leads] of states) {
    await e2eSql(sql);
    const res = await page.goto(`/chat/${chatbotId}`);
    expect(res!.status(), name).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: BOT })).toBeVisible();
    await expect(page.getByTestId("panel-dead-end")).toContainText(title);
    await expect(page.getByRole("link")).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveCount(0);
    const leadForm = page.getByRole("form", { name: "Leave your details" });
    await expect(leadForm).toHaveCount(leads ? 1 : 0);
    if (leads) await expect(page.getByTestId("panel-dead-end")).toContainText("Leave your details");
    expect(serious(await new AxeBuilder({ page }).analyze()), name).toEqual([]);
    await shot(page, `dead-end-${name}`);
    if (name === "suspended") {
      // The visitor leaves their details: a lead is data, never an answer — it is kept while the workspace is suspended.
      await leadForm.getByLabel("Your e-mail").fill("suspended@bakery-fan.example");
      await leadForm.getByRole("button", { name: "Send", exact: true }).click();
      await expect(page.getByTestId("panel-lead-thanks")).toContainText("Thank you!");
      await expect(page.locator('[aria-live="polite"]')).toContainText("Thank you!");
      await expect(leadForm).toHaveCount(0);
      await expect(page.getByTestId("panel-dead-end")).not.toContainText("Leave your details");
      await shot(page, "dead-end-suspended-lead-sent");
      const contacts = await e2eSql(`SELECT email FROM contacts WHERE chatbot_id = $1 AND email = 'suspended@bakery-fan.example'`, [chatbotId]);
      expect(contacts.rows).toHaveLength(1);
    }
    // The panel a visitor already had open on a website says the same, and still closes.
    await page.goto(`/widget/${chatbotId}`);
    await expect(page.getByRole("dialog", { name: BOT })).toContainText(title);
    await expect(page.getByRole("button", { name: "Close chat" })).toBeVisible();
  }
  await e2eSql(`UPDATE chatbots SET enabled = true WHERE id = $1`, [chatbotId]);

  // Out of credits: the first question gets the chatbot's own words and the lead form (the default form wants leads).
  await e2eSql(`UPDATE teams SET message_limit = 1, messages_used = 1, topup_credits = 0 WHERE id = $1`, [clientId]);
  await page.goto(`/chat/${chatbotId}`);
  await page.getByRole("textbox", { name: "Message" }).fill("Do you bake on Sundays?");
  await page.getByRole("textbox", { name: "Message" }).press("Enter");
  await expect(page.getByTestId("panel-dead-end")).toContainText(`${BOT} can\u2019t answer right now`);
  await expect(page.getByTestId("panel-dead-end")).toContainText("Leave your details");
  const form = page.getByRole("form", { name: "Leave your details" });
  await expect(form).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Message" })).toBeHidden();
  await expect(page.locator('[aria-live="polite"]')).toContainText(`${BOT} can\u2019t answer right now`);
  expect(serious(await new AxeBuilder({ page }).analyze())).toEqual([]);
  await shot(page, "dead-end-no-credits");
  await form.getByLabel("Your e-mail").fill("sunday@bakery-fan.example");
  await form.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByRole("log")).toContainText("Thank you!");
  await expect(page.getByTestId("panel-dead-end")).toContainText("Please come back a little later");
  await expect(page.getByTestId("panel-dead-end")).not.toContainText("Leave your details");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "dead-end-no-credits-phone");
  expect(baseURL).toBeTruthy();
});

test.describe("the panel on a third-party page", () => {
  for (const viewport of [
    { name: "desktop", width: 1280, height: 800, mobile: false },
    { name: "phone", width: 390, height: 844, mobile: true },
  ]) {
    test(`${viewport.name}: axe finds nothing serious; inputs are 16 px and touch targets 44 px on a phone`, async ({ browser }) => {
      await e2eSql(`UPDATE teams SET status = 'active', pause_mode = NULL, message_limit = 100, messages_used = 0 WHERE id = $1`, [clientId]);
      const context = await browser.newContext({ viewport, isMobile: viewport.mobile, hasTouch: viewport.mobile });
      const page = await context.newPage();
      await page.goto(host.url("/"));
      await page.getByRole("button", { name: `Open chat: ${BOT}` }).click();
      const chat = page.frameLocator(`iframe[title="Chat with ${BOT}"]`);
      const input = chat.getByRole("textbox", { name: "Message" });
      await expect(input).toBeFocused();
      await expect(input).toHaveCSS("font-size", "16px");
      await input.fill("Hello");
      await input.press("Enter");
      await expect(chat.getByRole("button", { name: "Helpful", exact: true })).toBeVisible();
      expect(serious(await new AxeBuilder({ page }).analyze())).toEqual([]);
      if (viewport.mobile) {
        for (const name of ["Close chat", "Send message", "Helpful", "Not helpful", "Leave your details", "Talk to a person", "New chat"]) {
          const box = (await chat.getByRole("button", { name, exact: true }).boundingBox())!;
          expect(Math.min(box.width, box.height), name).toBeGreaterThanOrEqual(44);
        }
      }
      await page.screenshot({ path: test.info().outputPath(`panel-${viewport.name}.png`) });
      await context.close();
    });
  }
});

test("the proactive greeting: set in the settings, shown once per visitor beside the launcher, politely announced, dismissible", async ({ page, browser }) => {
  await e2eSql(`UPDATE teams SET status = 'active', pause_mode = NULL, message_limit = 100, messages_used = 0 WHERE id = $1`, [clientId]);
  await logIn(page, OWNER);
  await page.goto(`/chatbots/${chatbotId}/settings`);
  await page.getByLabel("Greet visitors").check();
  await page.getByLabel("Message", { exact: true }).fill("Fresh croissants today \u2014 any questions?");
  await page.getByLabel("After this many seconds on the page").fill("1");
  await page.getByRole("button", { name: "Save greeting" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();

  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(host.url("/"));
  await expect(visitor.getByRole("button", { name: `Open chat: ${BOT}` })).toBeVisible();
  const greeting = visitor.getByTestId("acp-greeting");
  await expect(greeting).toHaveAttribute("aria-live", "polite");
  await expect(greeting.getByRole("button", { name: "Fresh croissants today \u2014 any questions?" })).toBeVisible();
  expect(serious(await new AxeBuilder({ page: visitor }).analyze())).toEqual([]);
  await visitor.screenshot({ path: test.info().outputPath("greeting.png") });
  await greeting.getByRole("button", { name: "Dismiss greeting" }).click();
  await expect(greeting.getByRole("button")).toHaveCount(0);
  await expect(visitor.getByRole("button", { name: `Open chat: ${BOT}` })).toBeFocused();
  // Once per visitor: the next page of the site draws no greeting at all.
  await visitor.goto(host.url("/other"));
  await expect(visitor.getByRole("button", { name: `Open chat: ${BOT}` })).toBeVisible();
  await expect(visitor.getByTestId("acp-greeting")).toHaveCount(0);
  await context.close();

  // Another visitor answers the greeting: a click opens the chat.
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto(host.url("/"));
  await second.getByTestId("acp-greeting").getByRole("button", { name: /Fresh croissants/ }).click();
  await expect(second.frameLocator(`iframe[title="Chat with ${BOT}"]`).getByRole("textbox", { name: "Message" })).toBeFocused();
  await expect(second.getByTestId("acp-greeting").getByRole("button")).toHaveCount(0);
  await other.close();
  await e2eSql(`UPDATE chatbots SET greeting = NULL WHERE id = $1`, [chatbotId]);
});

test("details left while the first answer is still on its way belong to that answer's conversation", async ({ page }) => {
  await e2eSql(`UPDATE teams SET status = 'active', pause_mode = NULL, message_limit = 100, messages_used = 0 WHERE id = $1`, [clientId]);
  // A slow network: the answer is held until the visitor has sent their details.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/widget/${chatbotId}/chat`, async (route) => {
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  await page.goto(`/chat/${chatbotId}`);
  await page.getByRole("textbox", { name: "Message" }).fill("Do you bake rye bread?");
  await page.getByRole("textbox", { name: "Message" }).press("Enter");
  await expect(page.getByRole("log")).toContainText("Do you bake rye bread?");
  const email = `early-${Date.now()}@bakery-fan.example`;
  await page.getByRole("button", { name: "Leave your details", exact: true }).click();
  await page.getByLabel("Your e-mail").fill(email);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await page.waitForTimeout(300);
  release();
  await expect(page.getByRole("log")).toContainText("Thank you!");
  const rows = await e2eSql(
    `SELECT c.conversation_id, (SELECT count(*)::int FROM messages m WHERE m.conversation_id = c.conversation_id AND m.content = 'Do you bake rye bread?') AS asked
       FROM contacts c WHERE c.chatbot_id = $1 AND c.email = $2`,
    [chatbotId, email],
  );
  expect(rows.rows).toEqual([{ conversation_id: expect.any(String), asked: 1 }]);
});
