import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { createPrismaClient } from "../src/server/kernel/db/client";
import { trainOnBakeryPages } from "../tests/helpers/answers-fixtures";
import { demoApi, e2eDatabaseUrl, logIn, OWNER } from "./helpers";

/**
 * Live chat all day in real Chromium (docs/decisions/122-business-hours-routing-and-ratings.md): the owner sets
 * business hours in the dashboard; outside them a visitor on the share page sees when the team is back, asks
 * for a person, is told when the team is back and leaves their e-mail; the resolved conversation is rated 5 in
 * the panel, and the rating reaches analytics.
 */
let chatbotId = "";
const BOT = "Hours Bakery Bot";

test.beforeAll(async ({}, testInfo) => {
  const created = await demoApi(testInfo.project.use.baseURL!, "POST", "/v1/agency/clients", { name: `Hours Bakery ${Date.now()}`, message_limit: 200, chatbot: { name: BOT } });
  chatbotId = created.chatbot.id;
  const db = createPrismaClient(e2eDatabaseUrl());
  try {
    await trainOnBakeryPages(db, chatbotId);
  } finally {
    await db.$disconnect();
  }
});

test("outside business hours the visitor hears when the team is back and leaves an e-mail; a resolved conversation is rated 5", async ({ browser, baseURL }) => {
  const ownerContext = await browser.newContext();
  const visitorContext = await browser.newContext();
  try {
    // The owner: closed today (a holiday), open weekdays 09:00–17:00 in UTC.
    const owner = await ownerContext.newPage();
    await logIn(owner, OWNER);
    await owner.goto(`/chatbots/${chatbotId}/settings`);
    await owner.getByLabel("Set business hours").check();
    await owner.getByLabel("Time zone").fill("UTC");
    await owner.getByLabel("Holidays").fill(new Date().toISOString().slice(0, 10));
    await owner.getByRole("button", { name: "Save business hours" }).click();
    await expect(owner.getByTestId("business-hours-now")).toHaveText(/^Back .*09:00$/);

    // The visitor, on the share page: the panel says when the team is back.
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/chat/${chatbotId}`);
    const message = visitor.getByRole("textbox", { name: "Message" });
    await expect(message).toBeFocused();
    await expect(visitor.getByTestId("widget-team-hours")).toHaveText(/^Back .*09:00$/);
    await message.fill("Is delivery free?");
    await message.press("Enter");
    await expect(visitor.getByRole("log")).toContainText("Delivery is free for orders above 30 euros.");

    await visitor.getByRole("button", { name: "Talk to a person" }).click();
    await expect(visitor.getByRole("log")).toContainText(/The team is away right now \(Back .*09:00\)/);
    await expect(visitor.getByTestId("widget-handoff-status")).toContainText("The team is away right now");
    const form = visitor.getByTestId("widget-lead-form");
    await expect(form).toBeVisible();
    await form.getByLabel("Your e-mail").fill("night-owl@example.test");
    await form.getByRole("button", { name: "Send" }).click();
    await expect(visitor.getByRole("log")).toContainText("Thank you!");
    const conversationId = (await demoApi(baseURL!, "GET", `/v1/${chatbotId}/conversations`)).data[0].id as string;
    const contacts = await demoApi(baseURL!, "GET", `/v1/${chatbotId}/contacts`);
    expect(contacts.data[0]).toMatchObject({ email: "night-owl@example.test" });

    // The team resolves it the next morning: the panel asks for a rating, keyboard first.
    await demoApi(baseURL!, "PATCH", `/v1/${chatbotId}/conversations/${conversationId}`, { status: "resolved" });
    const rating = visitor.getByTestId("widget-rating");
    await expect(rating).toBeVisible();
    const axe = await new AxeBuilder({ page: visitor }).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.html}`))).toEqual([]);
    await rating.getByRole("button", { name: "5 out of 5" }).focus();
    await visitor.keyboard.press("Enter");
    await expect(rating.getByRole("button", { name: "5 out of 5" })).toHaveAttribute("aria-pressed", "true");
    await rating.getByLabel("Comment (optional)").fill("Came back as promised.");
    await visitor.screenshot({ path: test.info().outputPath("rating-desktop.png") });
    await rating.getByRole("button", { name: "Send rating" }).click();
    await expect(visitor.getByRole("log")).toContainText("Thank you for your rating!");
    await expect(rating).toHaveCount(0);

    const analytics = await demoApi(baseURL!, "GET", `/v1/${chatbotId}/analytics`);
    expect(analytics.csat).toEqual({ score: 100, average: 5, count: 1 });
    expect(analytics.resolution_seconds).toBeGreaterThanOrEqual(0);
  } finally {
    await ownerContext.close();
    await visitorContext.close();
  }
});
