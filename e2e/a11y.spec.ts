import AxeBuilder from "@axe-core/playwright";
import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { e2eSql, LONG_CLIENT_NAME } from "./helpers";
import { AGENCY_OWNER, CLIENT_ADMIN, CLIENT_MEMBER, signIn } from "./portal-fixtures";

/**
 * Every page, as each kind of user, at desktop and phone size: axe-core finds
 * no serious or critical violation and nothing scrolls sideways at 390 px.
 * With SCREENSHOTS=1 each page is also saved to .data/screenshots for review.
 */
const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

async function ids() {
  const client = (await e2eSql(`SELECT id FROM teams WHERE name = 'Harbor Dental' AND kind = 'client'`)).rows[0] as { id: string };
  const bot = (await e2eSql(`SELECT id FROM chatbots WHERE team_id = $1 AND deleted_at IS NULL ORDER BY created_at LIMIT 1`, [client.id])).rows[0] as { id: string };
  const webhook = (await e2eSql(`SELECT id FROM webhooks ORDER BY created_at LIMIT 1`)).rows[0] as { id: string } | undefined;
  return { client: client.id, bot: bot.id, webhook: webhook?.id };
}

/** The client with a long name that e2e/long-states.setup.ts made before any spec ran. */
async function longClient(): Promise<string> {
  return ((await e2eSql(`SELECT id FROM teams WHERE name = $1`, [LONG_CLIENT_NAME])).rows[0] as { id: string }).id;
}

/** Every section of a chatbot (the tabs in components/chatbots/chatbot-tabs.tsx). */
const CHATBOT_SECTIONS = ["playground", "inbox", "settings", "prompts", "sources", "finetunes", "actions", "analytics", "contacts", "escalations", "install"];

function chatbotPages(bot: string) {
  return CHATBOT_SECTIONS.map((s) => `/chatbots/${bot}/${s}`);
}

/** Pages a role may not use, and unknown ones: they must answer 404 (with a way back), and are audited too. */
const NOT_FOUND = /not-a-page|00000000-0000-4000-8000-000000000000|^\/clients$|^\/team$|^\/audit-log$/;

async function audit(page: Page, path: string, label: string, viewport: (typeof VIEWPORTS)[number], expect404 = NOT_FOUND.test(path) && label !== "owner") {
  const response = await page.goto(path);
  expect.soft(response?.status(), `${path} answers`).toBe(expect404 || path.includes("not-a-page") || path.includes("00000000-0000") ? 404 : 200);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  // The widget preview shows the client's own chatbot colors (their choice, e.g. a light accent): not the portal's contrast.
  // Only violations are read: axe then builds selectors for every violating node but not for every passing one
  // (resultTypes), which was a quarter of the audit's time; what is checked is the same.
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .options({ resultTypes: ["violations"] })
    .exclude('[data-testid="widget-preview"]')
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.length} × ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
  expect.soft(serious, `axe on ${path} (${viewport.name})`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect.soft(overflow, `horizontal scroll on ${path} (${viewport.name})`).toBeLessThanOrEqual(0);
  if (process.env.SCREENSHOTS) {
    mkdirSync(".data/screenshots", { recursive: true });
    await page.screenshot({ fullPage: true, path: `.data/screenshots/${label}-${viewport.name}-${path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "").slice(0, 60) || "root"}.png` });
  }
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("signed-out pages", async ({ page }) => {
      const { bot } = await ids();
      // The visitor's side: the widget's frame and the shareable chat page.
      for (const path of ["/login", "/forgot-password", "/reset-password?token=nope", "/invitations/accept?token=nope", "/not-a-page", `/widget/${bot}`, `/chat/${bot}`]) {
        await audit(page, path, "public", viewport);
      }
    });

    test("as the agency owner", async ({ page }) => {
      test.setTimeout(240_000);
      const { client, bot, webhook } = await ids();
      await signIn(page, AGENCY_OWNER);
      const pages = ["/home", "/audit-log", `/clients/${await longClient()}`, "/chatbots", "/clients", "/clients/new", "/templates", `/clients/${client}`, "/webhooks", ...(webhook ? [`/webhooks/${webhook}`] : []), "/api-tokens", "/settings", "/billing", "/billing/plans", "/team", `/team/${client}`, ...chatbotPages(bot), "/chatbots/00000000-0000-4000-8000-000000000000/settings"];
      for (const path of pages) await audit(page, path, "owner", viewport);
    });

    test("as a client admin", async ({ page }) => {
      test.setTimeout(180_000);
      const { client, bot } = await ids();
      await signIn(page, CLIENT_ADMIN);
      // An admin sees the chatbot sections as the owner does (audited above; the member audits the read-only
      // variant), so the suite keeps to its settings page; the screenshot review takes every section.
      const sections = process.env.SCREENSHOTS ? chatbotPages(bot) : [`/chatbots/${bot}/settings`];
      for (const path of ["/home", "/chatbots", `/team/${client}`, "/api-tokens", "/settings", ...sections, "/clients"]) await audit(page, path, "client-admin", viewport);
    });

    test("as a client member", async ({ page }) => {
      test.setTimeout(180_000);
      const { bot } = await ids();
      await signIn(page, CLIENT_MEMBER);
      // A member may not see contacts: that page is the dashboard's 404.
      for (const path of ["/home", "/chatbots", "/api-tokens", "/settings", ...chatbotPages(bot), "/team"]) {
        await audit(page, path, "client-member", viewport, NOT_FOUND.test(path) || path.endsWith("/contacts"));
      }
    });
  });
}
