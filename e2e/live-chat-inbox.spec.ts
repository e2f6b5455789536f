import { expect, test } from "@playwright/test";
import { sseFrames } from "../tests/helpers/sse";
import { demoApi, logIn, OWNER } from "./helpers";

/**
 * The inbox as a support team's tool (docs/decisions/121-the-inbox-for-a-support-team.md), one journey:
 * a visitor asks for a person and the open inbox tab's title counts them; the agent answers with `/refund`
 * using the keyboard only (the saved reply's variables filled), adds an internal note, and the visitor's
 * stream carries the reply and never the note.
 */
const BOT = "Refund Bakery Bot";
const NOTE = "Checked the order: refund approved by Sam";

test("an agent answers with /refund by keyboard and leaves an internal note the visitor never sees; a waiting visitor badges the tab", async ({ page, baseURL }) => {
  const created = await demoApi(baseURL!, "POST", "/v1/agency/clients", { name: `Refund Bakery ${Date.now()}`, message_limit: 200, chatbot: { name: BOT } });
  const chatbotId = created.chatbot.id as string;
  const teamId = created.client.id as string;
  await demoApi(baseURL!, "POST", `/v1/teams/${teamId}/saved-replies`, { shortcut: "refund", body: "Hi {visitor_first_name}, {chatbot_name} has refunded your order." });
  await demoApi(baseURL!, "POST", `/v1/teams/${teamId}/saved-replies`, { shortcut: "hours", body: "We are open 8–18." });

  const widget = (route: string, body: unknown) =>
    fetch(`${baseURL}/api/widget/${chatbotId}${route}`, { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) });
  const asked = sseFrames(await (await widget("/chat", { message: "I want my money back" })).text()).find((f) => f.event === "done");
  const chat = asked!.data as { conversation_id: string; visitor_token: string };

  await logIn(page, OWNER);
  await page.goto(`/chatbots/${chatbotId}/inbox`);
  await expect(page.getByTestId("inbox-view-all-count")).toHaveText("1");
  await expect(page).not.toHaveTitle(/^\(\d+\)/);
  // The visitor asks for a person: the open tab's title counts the waiting conversation, the views count it as unassigned.
  expect((await widget(`/conversations/${chat.conversation_id}/handoff`, { visitor_token: chat.visitor_token })).status).toBe(200);
  await expect(page).toHaveTitle(/^\(1\) Inbox/);
  await expect(page.getByTestId("inbox-view-unassigned-count")).toHaveText("1");
  await expect(page.getByTestId("inbox-wait")).toContainText("Waiting");

  await page.getByTestId("inbox-conversation").first().click();
  const transcript = page.getByRole("region", { name: "Transcript" });
  const box = transcript.getByRole("combobox", { name: "Reply to the visitor" });
  await box.focus();
  await page.keyboard.type("/re");
  const options = transcript.getByRole("listbox", { name: "Saved replies" }).getByRole("option");
  await expect(options).toHaveCount(1);
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Escape");
  await expect(transcript.getByRole("listbox", { name: "Saved replies" })).toBeHidden();
  // Closed for that `/`; erased and typed again, the list offers every saved reply.
  for (let i = 0; i < 3; i++) await page.keyboard.press("Backspace");
  await page.keyboard.type("/");
  await expect(options).toHaveCount(2);
  await page.keyboard.press("ArrowDown");
  await expect(transcript.getByRole("option", { name: /\/refund/ })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(box).toHaveValue(`Hi there, ${BOT} has refunded your order.`);
  await page.keyboard.press("Control+Enter");
  await expect(transcript.getByTestId("transcript-agent")).toContainText(`${BOT} has refunded your order.`);
  await expect(page).not.toHaveTitle(/^\(\d+\)/);

  // An internal note, by keyboard: the mode switch, the note, Ctrl+Enter.
  await transcript.getByRole("radio", { name: "Internal note" }).focus();
  await page.keyboard.press("Enter");
  await transcript.getByRole("combobox", { name: /Internal note/ }).focus();
  await page.keyboard.type(NOTE);
  await page.keyboard.press("Control+Enter");
  await expect(transcript.getByTestId("transcript-internal-note")).toContainText(NOTE);

  // The visitor's stream replays every message a person sent them: the reply, never the note.
  const controller = new AbortController();
  const stream = await fetch(`${baseURL}/api/widget/${chatbotId}/conversations/${chat.conversation_id}/stream?visitor_token=${encodeURIComponent(chat.visitor_token)}`, {
    headers: { Accept: "text/event-stream" },
    signal: controller.signal,
  });
  const reader = stream.body!.getReader();
  let text = "";
  while (!text.includes("has refunded your order")) text += new TextDecoder().decode((await reader.read()).value);
  await new Promise((r) => setTimeout(r, 300));
  controller.abort();
  expect(text).not.toContain(NOTE);
});
