import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { startProductionServer, type ProductionServer } from "../scripts/lib/app-server";
import { intercomControl } from "../scripts/lib/intercom-stand-in";
import { createPrismaClient } from "../src/server/kernel/db/client";
import { trainOnBakeryPages } from "../tests/helpers/answers-fixtures";
import { demoApi, e2eDatabaseUrl, logIn, OWNER } from "./helpers";
import { startHostSite, widgetLauncher, widgetPanel, type HostSite } from "./widget-host";

/**
 * Human handoff in real Chromium (docs/decisions/055-conversation-states-and-handoff.md), two browser contexts and two app
 * processes on one database: a visitor on a third-party page whose widget is
 * served by a SECOND app process, and the agency owner in the inbox of the
 * e2e server. The owner takes over and replies; the reply reaches the widget
 * through PostgreSQL LISTEN/NOTIFY; after the takeover neither the widget,
 * nor the share page, nor REST produces a bot message.
 */
let host: HostSite;
let second: ProductionServer;
let chatbotId = "";
const BOT = "Handoff Bakery Bot";

test.beforeAll(async ({}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const created = await demoApi(baseURL, "POST", "/v1/agency/clients", { name: `Handoff Bakery ${Date.now()}`, message_limit: 200, chatbot: { name: BOT } });
  chatbotId = created.chatbot.id;
  const db = createPrismaClient(e2eDatabaseUrl());
  try {
    await trainOnBakeryPages(db, chatbotId);
  } finally {
    await db.$disconnect();
  }
  // The second app process: the visitor's widget, panel and stream are served by it.
  // It re-checks the team's presence every second (default 30 s) for a visitor waiting on its streams.
  second = await startProductionServer(e2eDatabaseUrl(), "e2e-second-process-secret-0123456789abcdef", { HANDOFF_PRESENCE_CHECK_SECONDS: "1" });
  host = await startHostSite(second.baseUrl, () => chatbotId);
});

test.afterAll(async () => {
  await host?.close();
  await second?.stop();
});

const launcher = (page: Page) => widgetLauncher(page, BOT);
const panel = (page: Page) => widgetPanel(page, BOT);

/** A visitor opens the widget on the host page and asks a question the bakery pages answer. */
async function askAboutDelivery(visitor: Page) {
  await visitor.goto(host.url("/"));
  await launcher(visitor).click();
  const chat = panel(visitor);
  // Hydrated: the panel focuses its composer.
  await expect(chat.getByRole("textbox", { name: "Message" })).toBeFocused();
  await chat.getByRole("textbox", { name: "Message" }).fill("Is delivery free?");
  await chat.getByRole("textbox", { name: "Message" }).press("Enter");
  await expect(chat.getByRole("log")).toContainText("Delivery is free for orders above 30 euros.");
  return chat;
}

test("the owner takes over a live widget conversation from the inbox; the visitor sees the reply at once and the bot stays silent everywhere", async ({ browser, baseURL }) => {
  const visitorContext = await browser.newContext();
  const agentContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const agent = await agentContext.newPage();

  const chat = await askAboutDelivery(visitor);
  // The streamed answer reaches the panel before its turn commits: wait until the REST list shows the conversation.
  let conversationId = "";
  await expect
    .poll(async () => {
      conversationId = ((await demoApi(baseURL!, "GET", `/v1/${chatbotId}/conversations`)).data[0]?.id as string | undefined) ?? "";
      return conversationId;
    })
    .not.toBe("");

  await logIn(agent, OWNER);
  await agent.goto(`/chatbots/${chatbotId}/inbox?conversation=${conversationId}`);
  const transcript = agent.getByRole("region", { name: "Transcript" });
  await expect(transcript.getByTestId("transcript-assistant")).toContainText("Delivery is free");
  await transcript.getByRole("button", { name: "Take over" }).click();
  await expect(transcript.getByTestId("conversation-status")).toHaveText("With a person");
  await expect(chat.getByTestId("widget-handoff-status")).toContainText("chatting with a person");

  await transcript.getByLabel("Reply to the visitor").fill("Hi, this is the owner: delivery is free today for you.");
  const sent = Date.now();
  await transcript.getByRole("button", { name: "Send reply" }).click();
  await expect(chat.getByTestId("widget-agent-message")).toContainText("delivery is free today for you", { timeout: 5_000 });
  test.info().annotations.push({ type: "reply → widget (incl. the click's request)", description: `${Date.now() - sent} ms` });

  // The visitor answers: recorded, shown live in the inbox, and no bot answer.
  await chat.getByRole("textbox", { name: "Message" }).fill("Great, thank you!");
  await chat.getByRole("textbox", { name: "Message" }).press("Enter");
  await expect(transcript.getByTestId("transcript-user").last()).toContainText("Great, thank you!");

  // The share page, with the same visitor (its stored conversation copied from the widget's panel).
  const panelFrame = visitor.frames().find((f) => f.url().includes(`/widget/${chatbotId}`))!;
  const stored = await panelFrame.evaluate((key) => localStorage.getItem(key), `acp-widget:${chatbotId}`);
  const share = await visitorContext.newPage();
  await share.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [`acp-widget:${chatbotId}`, stored]);
  await share.goto(`${second.baseUrl}/chat/${chatbotId}`);
  await expect(share.getByRole("textbox", { name: "Message" })).toBeFocused();
  await expect(share.getByTestId("widget-agent-message")).toContainText("delivery is free today for you");
  await share.getByRole("textbox", { name: "Message" }).fill("Asking from the share page");
  await share.getByRole("textbox", { name: "Message" }).press("Enter");
  await expect(transcript.getByTestId("transcript-user").last()).toContainText("Asking from the share page");

  // REST, on the e2e process.
  const rest = await demoApi(baseURL!, "POST", `/v1/${chatbotId}/chat`, { message: "And from the API?", conversation_id: conversationId });
  expect(rest).toMatchObject({ answered: false, handoff: true });

  const detail = await demoApi(baseURL!, "GET", `/v1/${chatbotId}/conversations/${conversationId}`);
  const roles = (detail.messages as Array<{ role: string }>).map((m) => m.role);
  expect(roles).toEqual(["user", "assistant", "agent", "user", "user", "user"]);
  expect(detail.conversation).toMatchObject({ status: "human", source: "widget" });
  // Signed with the person's first name (the workspace shows names by default), not "Team member".
  await expect(chat.getByText("Dana", { exact: true })).toHaveCount(1);

  // The inbox with the transcript open: no serious accessibility violation.
  const axe = await new AxeBuilder({ page: agent }).analyze();
  const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.html}`))).toEqual([]);
  await agent.screenshot({ path: test.info().outputPath("inbox-desktop.png"), fullPage: true });
  await agent.setViewportSize({ width: 390, height: 844 });
  const narrow = await new AxeBuilder({ page: agent }).analyze();
  expect(narrow.violations.filter((v) => v.impact === "serious" || v.impact === "critical").flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.html}`))).toEqual([]);
  await agent.screenshot({ path: test.info().outputPath("inbox-mobile.png"), fullPage: true });
  await agent.setViewportSize({ width: 1280, height: 720 });

  // Handed back: the bot answers again, with the whole conversation.
  await transcript.getByRole("button", { name: "Hand back to the bot" }).click();
  await expect(transcript.getByTestId("conversation-status")).toHaveText("Bot");
  await expect(chat.getByTestId("widget-handoff-status")).toHaveCount(0);
  await chat.getByRole("textbox", { name: "Message" }).fill("Is delivery free?");
  await chat.getByRole("textbox", { name: "Message" }).press("Enter");
  await expect(chat.getByRole("log").getByText("Delivery is free for orders above 30 euros.")).toHaveCount(2);

  await visitorContext.close();
  await agentContext.close();
});

test("a visitor the rules hand to a person is told so, and offered the lead form when nobody from the team is around any more; the team answers from Intercom", async ({ browser }) => {
  const db = createPrismaClient(e2eDatabaseUrl());
  const chatbot = await db.chatbot.update({ where: { id: chatbotId }, data: { enableEscalations: true } });
  const agentSeen = (at: string) => db.$executeRawUnsafe(`UPDATE teams SET agent_seen_at = ${at} WHERE id = $1::uuid`, chatbot.teamId);
  const visitorContext = await browser.newContext();
  const ownerContext = await browser.newContext();
  try {
    // The workspace's support team lives in Intercom (docs/decisions/119-intercom-as-the-human-side.md): its admin connects the app in the chatbot's settings.
    await db.team.update({ where: { id: chatbot.teamId }, data: { enabledIntegrations: { push: "chat_platform_1" } } });
    const intercom = intercomControl(process.env.E2E_INTERCOM_URL!);
    const app = { token: `ic-e2e-token-${Date.now()}-abcdef`, client_secret: "ic-e2e-client-secret", app_id: "e2ebakery", name: "Bakery Support" };
    await intercom.addApp(app);
    const owner = await ownerContext.newPage();
    await logIn(owner, OWNER);
    await owner.goto(`/chatbots/${chatbotId}/settings`);
    await owner.getByLabel("Access token", { exact: true }).fill(app.token);
    await owner.getByLabel("Client secret").fill(app.client_secret);
    await owner.getByRole("button", { name: "Connect Intercom" }).click();
    await expect(owner.getByTestId("intercom-status")).toContainText("Connected to Intercom workspace Bakery Support (e2ebakery)");
    const webhookUrl = await owner.getByLabel("Webhook URL").inputValue();
    await owner.getByTestId("intercom-status").scrollIntoViewIfNeeded();
    const axe = await new AxeBuilder({ page: owner }).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.html}`))).toEqual([]);
    await owner.screenshot({ path: test.info().outputPath("intercom-settings-desktop.png") });
    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.getByTestId("intercom-status").scrollIntoViewIfNeeded();
    await owner.screenshot({ path: test.info().outputPath("intercom-settings-mobile.png") });

    await agentSeen("now()");
    const visitor = await visitorContext.newPage();
    const chat = await askAboutDelivery(visitor);
    // A request in words starts the handoff: the bot says so once (no "I don't know"), the status bar shows the state.
    await chat.getByRole("textbox", { name: "Message" }).fill("Can I talk to a real person please?");
    await chat.getByRole("textbox", { name: "Message" }).press("Enter");
    await expect(chat.getByTestId("widget-handoff-status")).toContainText("has been asked to join");
    await expect(chat.getByRole("log").getByText("asked a person from the team to join")).toHaveCount(1);
    await expect(chat.getByRole("log")).not.toContainText("don't know");
    await expect(chat.getByTestId("widget-lead-form")).toHaveCount(0);

    // The last agent's inbox closed long ago: while waiting, the visitor is told and offered the lead form.
    await agentSeen("now() - interval '1 day'");
    await expect(chat.getByTestId("widget-handoff-status")).toContainText("No one from the team is available");
    await expect(chat.getByRole("log")).not.toContainText("No one from the team is available");
    await expect(chat.getByTestId("widget-lead-form")).toBeVisible();

    // Meanwhile the conversation is in Intercom with its transcript; an admin's reply there reaches the widget live.
    let handed: { id: string; parts: Array<{ body: string }> } | undefined;
    await expect
      .poll(async () => {
        handed = (await intercom.conversations()).find((c) => c.parts[0]?.body.includes("Can I talk to a real person please?"));
        return handed?.parts[0]?.body ?? "";
      })
      .toContain("Visitor: Is delivery free?");
    await intercom.reply(webhookUrl, handed!.id, "Hi, Sam from the bakery here: delivery is free today.");
    await expect(chat.getByTestId("widget-agent-message")).toContainText("Sam from the bakery here", { timeout: 5_000 });
    await intercom.close(webhookUrl, handed!.id);
    await expect.poll(async () => (await db.conversation.findFirstOrThrow({ where: { chatbotId, messages: { some: { content: "Can I talk to a real person please?" } } } })).status).toBe("resolved");
  } finally {
    await db.chatbot.update({ where: { id: chatbotId }, data: { enableEscalations: false } });
    await db.intercomConnection.deleteMany({ where: { teamId: chatbot.teamId } });
    await db.$disconnect();
    await visitorContext.close();
    await ownerContext.close();
  }
});

test("the owner edits the lead form in the dashboard; the widget asks for the new fields", async ({ browser }) => {
  const agentContext = await browser.newContext();
  const visitorContext = await browser.newContext();
  try {
    const agent = await agentContext.newPage();
    await logIn(agent, OWNER);
    await agent.goto(`/chatbots/${chatbotId}/settings`);
    await expect(agent.locator("#lead-label-1")).toHaveValue("Your e-mail");
    await agent.locator("#lead-label-1").fill("Work e-mail");
    await agent.getByRole("button", { name: "Add a field" }).click();
    await agent.locator("#lead-label-2").fill("Order number");
    await agent.locator("#lead-key-2").fill("order_number");
    await agent.locator("#lead-required-2").check();
    await agent.getByRole("button", { name: "Save lead form" }).click();
    await expect(agent.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

    const visitor = await visitorContext.newPage();
    await visitor.goto(host.url("/"));
    await launcher(visitor).click();
    const chat = panel(visitor);
    await chat.getByRole("button", { name: "Leave your details" }).click();
    const form = chat.getByTestId("widget-lead-form");
    await expect(form.getByLabel("Work e-mail")).toBeVisible();
    await expect(form.getByLabel("Order number")).toHaveAttribute("required", "");
    await form.getByLabel("Work e-mail").fill("lead@example.test");
    await form.getByLabel("Order number").fill("A-1042");
    await form.getByRole("button", { name: "Send" }).click();
    await expect(chat.getByRole("log")).toContainText("Thank you!");
  } finally {
    await agentContext.close();
    await visitorContext.close();
  }
});
