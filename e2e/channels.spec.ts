import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { telegramControl, textUpdate } from "../scripts/lib/telegram-stand-in";
import { createPrismaClient } from "../src/server/kernel/db/client";
import { BAKERY_PAGES, trainedTextSource } from "../tests/helpers/answers-fixtures";
import { createChatbotInDialog, e2eSql, logIn, OWNER } from "./helpers";

/**
 * Tried as a new user would (issue 24): the agency owner connects Telegram to
 * a chatbot on its Channels tab, against the local Telegram server the e2e app
 * talks to (playwright.config.ts: TELEGRAM_API_BASE_URL); an update sent to the
 * webhook Telegram was given is answered, the reply reaches the Telegram
 * server, and the conversation is in the inbox marked with its product ("Telegram @bakery_e2e_bot").
 */
const BOT = "Channels Bakery Bot";
const TOKEN = "777001:E2Echannels-token";
const telegram = () => telegramControl(process.env.E2E_TELEGRAM_URL!);
let teamId = "";
let integrationsBefore: string[] = [];

function e2eDatabaseUrl(): string {
  const port = Number(readFileSync(path.resolve(".data/e2e/postgres/postmaster.pid"), "utf8").split("\n")[3]);
  return `postgresql://postgres:postgres@127.0.0.1:${port}/agency`;
}

test.afterAll(async () => {
  // Harbor Dental's integrations as the other specs know them.
  if (teamId) await e2eSql("UPDATE teams SET enabled_integrations = $2 WHERE id = $1", [teamId, integrationsBefore]);
});

test("connect Telegram on the Channels tab; an update is answered on Telegram and the conversation is in the inbox", async ({ page }) => {
  await telegram().addBot(TOKEN, "bakery_e2e_bot");
  await logIn(page, OWNER);
  const chatbotId = await createChatbotInDialog(page, BOT);
  const db = createPrismaClient(e2eDatabaseUrl());
  try {
    for (const doc of BAKERY_PAGES) await trainedTextSource(db, chatbotId, doc);
  } finally {
    await db.$disconnect();
  }
  const team = await e2eSql("SELECT t.id, t.enabled_integrations FROM teams t JOIN chatbots c ON c.team_id = t.id WHERE c.id = $1", [chatbotId]);
  teamId = team.rows[0].id as string;
  integrationsBefore = team.rows[0].enabled_integrations as string[];
  await e2eSql("UPDATE teams SET enabled_integrations = array_remove(enabled_integrations, 'messaging_app_2') WHERE id = $1", [teamId]);

  // Not enabled for the workspace: no form, the reason instead.
  await page.getByRole("link", { name: "Channels" }).click();
  await expect(page).toHaveURL(new RegExp(`/chatbots/${chatbotId}/channels$`));
  const card = page.locator('[data-kind="messaging_app_2"]');
  await expect(card).toContainText("Not enabled for this workspace");
  await expect(card.getByRole("button", { name: "Connect Telegram" })).toHaveCount(0);

  // The agency enables Telegram for the workspace: the form appears; a bad token is refused inline.
  await e2eSql("UPDATE teams SET enabled_integrations = array_append(enabled_integrations, 'messaging_app_2') WHERE id = $1", [teamId]);
  await page.reload();
  const token = card.getByLabel("Bot token (from @BotFather)");
  await token.fill("not a token");
  await token.press("Enter");
  await expect(card.getByText("A Telegram bot token looks like")).toBeVisible();
  await token.fill(TOKEN);
  await card.getByRole("button", { name: "Connect Telegram" }).click();

  const channel = page.locator("[data-channel-id]");
  await expect(channel.getByTestId("channel-status")).toHaveText("Connected");
  await expect(channel).toContainText("@bakery_e2e_bot");
  const webhookUrl = await channel.getByTestId("channel-webhook-url").textContent();
  expect(webhookUrl).toMatch(new RegExp(`/api/channels/[0-9a-f-]{36}$`));
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  // On a phone: no sideways scroll (the long webhook URL is cut, with its copy button beside it).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: "test-results/channels-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.screenshot({ path: "test-results/channels-desktop.png", fullPage: true });

  // A Telegram user writes to the bot: Telegram posts the update to the webhook it was given.
  const before = (await telegram().sent()).length;
  expect(await telegram().deliver(TOKEN, textUpdate(910001, 5550001, "When is the bakery open on Saturday?"))).toBe(200);
  await expect.poll(async () => (await telegram().sent()).slice(before).find((m) => m.chat_id === "5550001")?.text ?? "", { timeout: 30_000 }).toContain("8 am to 2 pm");

  await page.getByRole("link", { name: "Inbox" }).click();
  // The new chatbot's only conversation: from the channel, the question and the answer.
  const row = page.getByTestId("inbox-conversation");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("inbox-conversation-channel")).toHaveText("Telegram @bakery_e2e_bot");
  await expect(row).toContainText("2 messages");
  await row.click();
  await expect(page.getByText("When is the bakery open on Saturday?")).toBeVisible();
  await expect(page.getByTestId("conversation-channel")).toHaveText("Telegram @bakery_e2e_bot");

  // Disconnect from the tab: asked first, then gone.
  await page.getByRole("link", { name: "Channels" }).click();
  await page.getByRole("button", { name: "Disconnect Telegram @bakery_e2e_bot" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByText("No channel yet.")).toBeVisible();
});
