import { expect, test } from "@playwright/test";
import { logIn, OWNER } from "./helpers";

/** The playground answers from the demo's indexed source, and the inbox shows that conversation. */
test("the playground answers with sources, and the inbox shows the conversation", async ({ page }) => {
  await logIn(page, OWNER);
  await page.getByRole("link", { name: "Bloom Assistant", exact: true }).click();
  await expect(page).toHaveURL(/\/chatbots\/[0-9a-f-]{36}\//);
  await page.getByRole("navigation", { name: "Chatbot sections" }).getByRole("link", { name: "Playground" }).click();
  await expect(page).toHaveURL(/\/playground$/);

  await page.getByLabel("Your message").fill("How much does delivery cost?");
  await page.getByRole("button", { name: "Send" }).click();
  const answer = page.getByTestId("playground-answer").last();
  await expect(answer).toContainText("$6.95");
  await expect(answer.getByText("Answered")).toBeVisible();
  await expect(answer.getByRole("list", { name: "Sources used" })).toContainText("Delivery & refund policy");
  // Sources are listed under the answer, never a markdown line in its text.
  await expect(answer).not.toContainText("Sources:");
  await page.screenshot({ path: "test-results/playground-desktop.png", fullPage: true });

  await page.getByRole("navigation", { name: "Chatbot sections" }).getByRole("link", { name: "Inbox" }).click();
  await expect(page).toHaveURL(/\/inbox$/);
  // The newest playground conversation (the list may first draw before the new one arrives; the demo's
  // conversations are unread too).
  const newest = page.getByTestId("inbox-conversation").filter({ hasText: "Playground" }).first();
  await expect(newest.getByLabel("Unread")).toBeVisible();
  await newest.click();
  const transcript = page.getByRole("region", { name: "Transcript" });
  await expect(transcript.getByTestId("transcript-user").first()).toContainText("How much does delivery cost?");
  await expect(transcript.getByTestId("transcript-assistant").first()).toContainText("$6.95");
  await expect(transcript.getByRole("list", { name: "Sources used" }).first()).toContainText("Delivery & refund policy");
  // Opening it marked it read.
  await expect(newest.getByLabel("Unread")).toHaveCount(0);

  await transcript.getByRole("button", { name: "Improve this answer" }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.getByLabel("Question")).toHaveValue("How much does delivery cost?");
  await page.screenshot({ path: "test-results/inbox-desktop.png", fullPage: true });
  await page.keyboard.press("Escape");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  // On a phone the open conversation takes the screen; its way back shows the list.
  await expect(page.getByRole("region", { name: "Transcript" })).toBeVisible();
  await page.getByRole("button", { name: "All conversations" }).click();
  await expect(page.getByTestId("inbox-conversation").first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "test-results/inbox-mobile.png", fullPage: true });
});
