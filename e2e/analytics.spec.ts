import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

const OWNER = { email: "owner@demo.agency", password: "demo-password" };
const DAY = 86_400_000;
const isoDaysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);

/** The demo API token written by `npm start` into its data folder (playwright.config.ts: DATA_DIR=.data/e2e). */
const token = () => readFileSync(path.resolve(".data/e2e/demo-token"), "utf8").trim();

async function chatbotId(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.get("/v1/me/chatbots", { headers: { Authorization: `Bearer ${token()}` } });
  const bots = (await res.json()) as { id: string; name: string }[];
  const bot = bots.find((b) => b.name === name);
  if (!bot) throw new Error(`no demo chatbot named ${name}`);
  return bot.id;
}

async function apiAnalytics(request: APIRequestContext, id: string, query = "") {
  const res = await request.get(`/v1/${id}/analytics${query}`, { headers: { Authorization: `Bearer ${token()}` } });
  expect(res.status()).toBe(200);
  return res.json();
}

async function logIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto("/chatbots");
  await expect(page.getByRole("heading", { name: "My chatbots" })).toBeVisible();
}

const card = (page: Page, label: string) => page.getByRole("heading", { name: label, exact: true }).locator("xpath=../..");

test("open a chatbot's analytics, switch to a preset and to a custom range", async ({ page, request }) => {
  const id = await chatbotId(request, "Bloom Assistant");
  await logIn(page);
  await page.goto(`/chatbots/${id}/analytics`);

  // The default range: the last 30 days, as the API defines it, with the numbers the API gives.
  await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
  await expect(page.getByTestId("analytics-period")).toContainText("31 days");
  await expect(page.getByRole("button", { name: "30 days" })).toHaveAttribute("aria-pressed", "true");
  const defaults = await apiAnalytics(request, id);
  await expect(card(page, "Conversations")).toContainText(defaults.totalConversations.toLocaleString("en-US"));
  await expect(page.getByTestId("conversations-chart").locator("svg.recharts-surface")).toBeVisible();
  await expect(page.getByRole("list", { name: "Top countries" }).getByRole("listitem")).not.toHaveCount(0);
  await expect(page.getByRole("list", { name: "Popular categories" })).toContainText("Delivery");

  // A preset.
  await page.getByRole("button", { name: "7 days" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${isoDaysAgo(7)}&to=${isoDaysAgo(0)}`));
  await expect(page.getByTestId("analytics-period")).toContainText("8 days");
  await expect(page.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "true");
  const week = await apiAnalytics(request, id, `?from=${isoDaysAgo(7)}&to=${isoDaysAgo(0)}`);
  await expect(card(page, "Conversations")).toContainText(week.totalConversations.toLocaleString("en-US"));

  // A custom range through the date inputs.
  const [from, to] = [isoDaysAgo(20), isoDaysAgo(11)];
  await page.getByLabel("From", { exact: true }).fill(from);
  await page.getByLabel("To", { exact: true }).fill(to);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));
  await expect(page.getByTestId("analytics-period")).toContainText("10 days");
  await expect(page.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "false");
  const custom = await apiAnalytics(request, id, `?from=${from}&to=${to}`);
  await expect(card(page, "Conversations")).toContainText(custom.totalConversations.toLocaleString("en-US"));
  await expect(card(page, "Answered questions")).toContainText(`${custom.answeredQuestionsPercentage.toLocaleString("en-US")}%`);

  // The range survives a reload, and the insights job (run by the app's workers) fills in the themes.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("analytics-period")).toContainText("10 days");
    await expect(page.getByRole("tab", { name: /Unanswered/ })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole("tab", { name: /^Answered/ }).click();
  await expect(page.getByRole("list", { name: "Answered question themes" }).getByRole("listitem")).not.toHaveCount(0);
});

test("a start date after the end date is refused before asking the server", async ({ page, request }) => {
  const id = await chatbotId(request, "Bloom Assistant");
  await logIn(page);
  await page.goto(`/chatbots/${id}/analytics`);
  await page.getByLabel("From", { exact: true }).fill(isoDaysAgo(2));
  await page.getByLabel("To", { exact: true }).fill(isoDaysAgo(5));
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "start date must be on or before" })).toBeVisible();
  await expect(page).not.toHaveURL(/from=/);
});
