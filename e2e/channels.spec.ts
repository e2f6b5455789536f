import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { slackControl } from "../scripts/lib/slack-stand-in";
import { teamsControl, teamsMembersAdded, teamsMessage } from "../scripts/lib/teams-stand-in";
import { telegramControl, textUpdate } from "../scripts/lib/telegram-stand-in";
import { createPrismaClient } from "../src/server/kernel/db/client";
import { BAKERY_PAGES, trainedTextSource } from "../tests/helpers/answers-fixtures";
import { createChatbotInDialog, e2eSql, logIn, OWNER } from "./helpers";

/**
 * Tried as a new user would (docs/decisions/069-messaging-channels.md): the agency owner connects Telegram to
 * a chatbot on its Channels tab, against the local Telegram server the e2e app
 * talks to (playwright.config.ts: TELEGRAM_API_BASE_URL); an update sent to the
 * webhook Telegram was given is answered, the reply reaches the Telegram
 * server, and the conversation is in the inbox marked with its product ("Telegram @bakery_e2e_bot").
 * Then Slack against the local Slack Web API (SLACK_API_BASE_URL): connected (auth.test), its handoff
 * channel set in the form, by keyboard, and saved. Then Microsoft Teams against the local Bot Framework
 * (TEAMS_OPENID_METADATA_URL, TEAMS_TOKEN_URL): connected with its app id and password, the bot added to a
 * chat greets with the welcome message, a forged activity is refused (docs/decisions/118-teams-bot-framework.md), and
 * its handoff channel is set by keyboard (docs/decisions/129-teams-handoff-channel.md).
 */
const BOT = "Channels Bakery Bot";
const TOKEN = "777001:E2Echannels-token";
const telegram = () => telegramControl(process.env.E2E_TELEGRAM_URL!);
const slack = () => slackControl(process.env.E2E_SLACK_URL!);
const teams = () => teamsControl(process.env.E2E_TEAMS_URL!);
let teamId = "";
let integrationsBefore: string[] = [];

function e2eDatabaseUrl(): string {
  const port = Number(readFileSync(path.resolve(".data/e2e/postgres/postmaster.pid"), "utf8").split("\n")[3]);
  return `postgresql://postgres:postgres@127.0.0.1:${port}/agency`;
}

/** On a channel's card, by keyboard: a wrong id refused inline, then the right one saved (Tab reaches the button) and stored. */
async function setHandoffChannelByKeyboard(page: Page, channel: Locator, value: { wrong: string; refusal: string; id: string }) {
  const handoff = channel.getByLabel("Handoff channel id (optional)");
  await handoff.focus();
  await page.keyboard.type(value.wrong);
  await page.keyboard.press("Enter");
  await expect(channel.getByText(value.refusal)).toBeVisible();
  await handoff.fill("");
  await handoff.focus();
  await page.keyboard.type(value.id);
  await page.keyboard.press("Tab");
  await expect(channel.getByRole("button", { name: "Save handoff channel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(channel.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  const channelId = await channel.getAttribute("data-channel-id");
  expect((await e2eSql("SELECT handoff_channel FROM channels WHERE id = $1", [channelId])).rows[0].handoff_channel).toBe(value.id);
}

test.afterAll(async () => {
  // Harbor Dental's integrations as the other specs know them.
  if (teamId) await e2eSql("UPDATE teams SET enabled_integrations = $2 WHERE id = $1", [teamId, integrationsBefore]);
});

/** The workspace's integrations before the specs change them (restored after the file). */
async function rememberIntegrations(chatbotId: string) {
  if (teamId) return;
  const team = await e2eSql("SELECT t.id, t.enabled_integrations FROM teams t JOIN chatbots c ON c.team_id = t.id WHERE c.id = $1", [chatbotId]);
  teamId = team.rows[0].id as string;
  integrationsBefore = team.rows[0].enabled_integrations as string[];
}

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
  await rememberIntegrations(chatbotId);
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

test("connect Slack on the Channels tab and set its handoff channel, by keyboard", async ({ page }) => {
  await slack().addBot("xoxb-e2e-slack-token", "bakery_helper", "Bakery HQ");
  await logIn(page, OWNER);
  const chatbotId = await createChatbotInDialog(page, "Slack Bakery Bot");
  await rememberIntegrations(chatbotId);
  await e2eSql("UPDATE teams SET enabled_integrations = array_append(array_remove(enabled_integrations, 'team_chat_1'), 'team_chat_1') WHERE id = $1", [teamId]);

  await page.getByRole("link", { name: "Channels" }).click();
  await expect(page).toHaveURL(new RegExp(`/chatbots/${chatbotId}/channels$`));
  const card = page.locator('[data-kind="team_chat_1"]');
  // Keyboard only: the token, Tab to the signing secret, Enter submits; Slack's auth.test names the bot.
  await card.getByLabel("Bot token (xoxb-…)").focus();
  await page.keyboard.type("xoxb-e2e-slack-token");
  await page.keyboard.press("Tab");
  await expect(card.getByLabel("Signing secret")).toBeFocused();
  await page.keyboard.type("e2e-signing-secret");
  await page.keyboard.press("Enter");

  const channel = page.locator("[data-channel-id]");
  await expect(channel.getByTestId("channel-status")).toHaveText("Connected");
  await expect(channel).toContainText("@bakery_helper (Bakery HQ)");
  await expect(channel.getByTestId("channel-webhook-url")).toHaveText(/\/api\/channels\/[0-9a-f-]{36}$/);

  // The handoff channel: a wrong id is refused inline; a Slack channel id is saved (Tab reaches the button).
  await setHandoffChannelByKeyboard(page, channel, { wrong: "general", refusal: "A Slack channel id looks like C0123456789", id: "C0HANDOFF42" });
  await page.reload();
  await expect(page.locator("[data-channel-id]").getByLabel("Handoff channel id (optional)")).toHaveValue("C0HANDOFF42");

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  await page.screenshot({ path: "test-results/channels-slack-desktop.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: "test-results/channels-slack-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole("button", { name: "Disconnect Slack @bakery_helper (Bakery HQ)" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByText("No channel yet.")).toBeVisible();
});

test("connect Microsoft Teams on the Channels tab: the bot greets when added, a forged activity is refused, its handoff channel is set", async ({ page }) => {
  const appId = "3c9e1f20-7a5b-4c6d-8e9f-0a1b2c3d4e5f";
  await teams().addBot(appId, "e2e-teams-secret");
  await logIn(page, OWNER);
  const chatbotId = await createChatbotInDialog(page, "Teams Bakery Bot");
  await rememberIntegrations(chatbotId);
  await e2eSql("UPDATE teams SET enabled_integrations = array_append(array_remove(enabled_integrations, 'team_chat_2'), 'team_chat_2') WHERE id = $1", [teamId]);

  await page.getByRole("link", { name: "Channels" }).click();
  const card = page.locator('[data-kind="team_chat_2"]');
  await expect(card).not.toContainText("Coming soon");
  await card.getByLabel("Microsoft app ID").fill(appId);
  await card.getByLabel("App password (client secret)").fill("e2e-teams-secret");
  await card.getByRole("button", { name: "Connect Microsoft Teams" }).click();

  const channel = page.locator("[data-channel-id]");
  await expect(channel.getByTestId("channel-status")).toHaveText("Connected");
  await expect(channel).toContainText("Messaging endpoint");
  const endpoint = (await channel.getByTestId("channel-webhook-url").textContent())!;
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  await page.screenshot({ path: "test-results/channels-teams-desktop.png", fullPage: true });

  // Teams adds the bot to a personal chat: a signed conversationUpdate, answered with the welcome message.
  const serviceUrl = `${process.env.E2E_TEAMS_URL}/amer/`;
  const chat = `a:1e2e-${Date.now()}`;
  expect(await teams().send(endpoint, appId, teamsMembersAdded(serviceUrl, `28:${appId}`, chat, true))).toBe(200);
  await expect.poll(async () => (await teams().activities()).find((a) => a.conversationId === chat)?.text ?? "", { timeout: 30_000 }).not.toBe("");
  // A forged token (a key Microsoft does not publish): refused, never answered.
  expect(await teams().send(endpoint, appId, teamsMessage(serviceUrl, `28:${appId}`, chat, "hello"), { token: "forged" })).toBe(401);

  // Its handoff channel (docs/decisions/129-teams-handoff-channel.md), by keyboard: a Slack id is refused inline, a Teams channel's id saved.
  await expect(channel.getByLabel("Handoff channel id (optional)")).toHaveAttribute("placeholder", "19:…@thread.tacv2");
  await setHandoffChannelByKeyboard(page, channel, { wrong: "C0HANDOFF42", refusal: "A Teams channel id looks like 19:…@thread.tacv2", id: "19:e2e-support@thread.tacv2" });
  await page.screenshot({ path: "test-results/channels-teams-handoff-desktop.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: "test-results/channels-teams-handoff-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole("button", { name: "Disconnect Microsoft Teams" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByText("No channel yet.")).toBeVisible();
});
