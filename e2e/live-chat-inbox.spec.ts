import { expect, test, type Browser, type Page } from "@playwright/test";
import { WEEKDAYS } from "../src/server/conversations/rules/business-hours";
import { demoApi, e2eSql, OWNER } from "./helpers";
import { signIn } from "./portal-fixtures";

/**
 * Live chat as a support team runs it (docs/decisions/121-the-inbox-for-a-support-team.md,
 * docs/decisions/122-business-hours-routing-and-ratings.md), one journey with two agents in two browsers:
 * both switch themselves available; a visitor on the share page asks for a person during business hours and
 * is routed to one of them, whose open inbox tab's title counts the waiting conversation; that agent answers
 * with `/refund` by keyboard (the saved reply's variables filled), adds an internal note and resolves; the
 * visitor sees the reply and never the note, and rates 5; analytics show the CSAT and the response times.
 */
const BOT = "Refund Bakery Bot";
const NOTE = "Checked the order: refund approved by Sam";

/** A workspace agent who signs in with the demo password (the owner's hash: no screen creates a user without an invitation e-mail). */
async function agent(teamId: string, name: string) {
  const email = `${name.toLowerCase()}-${Date.now()}@refund-bakery.test`;
  const user = await e2eSql(`INSERT INTO users (name, email, password_hash) SELECT $1, $2, password_hash FROM users WHERE email = $3 RETURNING id::text`, [name, email, OWNER.email]);
  const id = (user.rows[0] as { id: string }).id;
  await e2eSql(`INSERT INTO memberships (team_id, user_id, role) VALUES ($1::uuid, $2::uuid, 'editor')`, [teamId, id]);
  return { id, email, password: OWNER.password };
}

async function openInboxAvailable(browser: Browser, user: { email: string; password: string }, chatbotId: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, user);
  await page.goto(`/chatbots/${chatbotId}/inbox`);
  const routing = page.getByTestId("inbox-availability").getByRole("switch");
  await expect(routing).toHaveAttribute("aria-checked", "false");
  await routing.click();
  await expect(routing).toHaveAttribute("aria-checked", "true");
  return page;
}

test("two agents in two browsers: the visitor is routed to one, whose tab rings; /refund, an internal note the visitor never sees, resolved, rated 5; analytics show it", async ({ browser, baseURL }) => {
  const created = await demoApi(baseURL!, "POST", "/v1/agency/clients", { name: `Refund Bakery ${Date.now()}`, message_limit: 200, chatbot: { name: BOT } });
  const chatbotId = created.chatbot.id as string;
  const teamId = created.client.id as string;
  await demoApi(baseURL!, "POST", `/v1/teams/${teamId}/saved-replies`, { shortcut: "refund", body: "Hi {visitor_first_name}, {chatbot_name} has refunded your order." });
  await demoApi(baseURL!, "POST", `/v1/teams/${teamId}/saved-replies`, { shortcut: "hours", body: "We are open 8–18." });
  await demoApi(baseURL!, "PUT", `/v1/${chatbotId}/business-hours`, { business_hours: { time_zone: "UTC", weekly: Object.fromEntries(WEEKDAYS.map((d) => [d, [{ from: "00:00", to: "24:00" }]])) } });
  const anna = await agent(teamId, "Anna");
  const ben = await agent(teamId, "Ben");

  const [annaPage, benPage] = await Promise.all([openInboxAvailable(browser, anna, chatbotId), openInboxAvailable(browser, ben, chatbotId)]);
  const visitor = await (await browser.newContext()).newPage();
  try {
    await expect(annaPage).not.toHaveTitle(/^\(\d+\)/);
    await visitor.goto(`/chat/${chatbotId}`);
    await expect(visitor.getByTestId("widget-team-hours")).toHaveText("We\u2019re online");
    const message = visitor.getByRole("textbox", { name: "Message" });
    await message.fill("I want my money back");
    await message.press("Enter");
    await expect(visitor.getByRole("log").getByText("I want my money back")).toBeVisible();
    await visitor.getByRole("button", { name: "Talk to a person" }).click();
    await expect(visitor.getByTestId("widget-handoff-status")).toHaveText("A person from the team has been asked to join. You can keep writing.");

    // Routing: both are available with no conversation yet, so the one who joined first (Anna) takes it; her tab rings.
    const conversationId = (await demoApi(baseURL!, "GET", `/v1/${chatbotId}/conversations`)).data[0].id as string;
    expect((await demoApi(baseURL!, "GET", `/v1/${chatbotId}/conversations/${conversationId}`)).conversation.assignee_id).toBe(anna.id);
    await expect(annaPage).toHaveTitle(/^\(1\) Inbox/);
    await expect(annaPage.getByTestId("inbox-view-mine-count")).toHaveText("1");
    await expect(benPage.getByTestId("inbox-view-mine-count")).toHaveText("0");
    await expect(annaPage.getByTestId("inbox-wait")).toContainText("Waiting");

    // Anna answers with /refund, by keyboard.
    await annaPage.getByTestId("inbox-conversation").first().click();
    const transcript = annaPage.getByRole("region", { name: "Transcript" });
    const box = transcript.getByRole("combobox", { name: "Reply to the visitor" });
    await box.focus();
    await annaPage.keyboard.type("/re");
    const options = transcript.getByRole("listbox", { name: "Saved replies" }).getByRole("option");
    await expect(options).toHaveCount(1);
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await annaPage.keyboard.press("Escape");
    await expect(transcript.getByRole("listbox", { name: "Saved replies" })).toBeHidden();
    // Closed for that `/`; erased and typed again, the list offers every saved reply.
    for (let i = 0; i < 3; i++) await annaPage.keyboard.press("Backspace");
    await annaPage.keyboard.type("/");
    await expect(options).toHaveCount(2);
    await annaPage.keyboard.press("ArrowDown");
    await expect(transcript.getByRole("option", { name: /\/refund/ })).toHaveAttribute("aria-selected", "true");
    await annaPage.keyboard.press("Enter");
    await expect(box).toHaveValue(`Hi there, ${BOT} has refunded your order.`);
    await annaPage.keyboard.press("Control+Enter");
    await expect(transcript.getByTestId("transcript-agent")).toContainText(`${BOT} has refunded your order.`);
    await expect(annaPage).not.toHaveTitle(/^\(\d+\)/);

    // An internal note, by keyboard: the mode switch, the note, Ctrl+Enter.
    await transcript.getByRole("radio", { name: "Internal note" }).focus();
    await annaPage.keyboard.press("Enter");
    await transcript.getByRole("combobox", { name: /Internal note/ }).focus();
    await annaPage.keyboard.type(NOTE);
    await annaPage.keyboard.press("Control+Enter");
    await expect(transcript.getByTestId("transcript-internal-note")).toContainText(NOTE);
    await transcript.getByRole("button", { name: "Resolve" }).click();

    // The visitor: the reply, never the note; asked to rate, rates 5.
    const log = visitor.getByRole("log");
    await expect(log).toContainText(`${BOT} has refunded your order.`);
    const rating = visitor.getByTestId("widget-rating");
    await expect(rating).toBeVisible();
    await expect(log).not.toContainText(NOTE);
    await rating.getByRole("button", { name: "5 out of 5" }).click();
    await rating.getByRole("button", { name: "Send rating" }).click();
    await expect(log).toContainText("Thank you for your rating!");

    const analytics = await demoApi(baseURL!, "GET", `/v1/${chatbotId}/analytics`);
    expect(analytics.csat).toEqual({ score: 100, average: 5, count: 1 });
    expect(analytics.first_response_seconds).toBeGreaterThanOrEqual(0);
    expect(analytics.resolution_seconds).toBeGreaterThanOrEqual(0);
    await benPage.goto(`/chatbots/${chatbotId}/analytics`);
    const liveChat = benPage.getByRole("region", { name: "Live chat" });
    await expect(liveChat).toContainText(/Customer satisfaction\s*100%/);
    await expect(liveChat).toContainText("1 rating, average 5 of 5");
    await expect(liveChat).toContainText(/First response\s*\d+ s/);
    await liveChat.screenshot({ path: test.info().outputPath("analytics-live-chat.png") });
    // The owner's audit log names the saved replies' creation.
    const audit = await demoApi(baseURL!, "GET", `/v1/agency/audit-log?action=saved_reply.created&client_id=${teamId}`);
    expect(audit.data.map((e: { target: { name: string } }) => e.target.name).sort()).toEqual(["/hours", "/refund"]);
  } finally {
    await Promise.all([annaPage.context().close(), benPage.context().close(), visitor.context().close()]);
  }
});
