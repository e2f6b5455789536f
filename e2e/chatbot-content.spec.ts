import { expect, test } from "@playwright/test";
import { createChatbotInDialog, demoToken, e2eSql, logIn, openChatbot, OWNER } from "./helpers";

const auth = () => ({ Authorization: `Bearer ${demoToken()}` });

test("create a chatbot, add and reorder suggested messages, add an updated answer", async ({ page, request }) => {
  await logIn(page, OWNER);
  const name = `E2E bot ${Date.now()}`;
  const id = await createChatbotInDialog(page, name, "Harbor Dental");

  const list = await (await request.get("/v1/me/chatbots", { headers: auth() })).json();
  expect(list.find((c: { id: string }) => c.id === id)).toMatchObject({ name, type: "custom" });

  // Suggested messages: a message, then a link, then the link moved to the top.
  await page.getByRole("link", { name: "Suggested messages" }).click();
  await page.getByRole("button", { name: "Add suggested message" }).click();
  let form = page.getByRole("dialog", { name: "Add suggested message" });
  await form.getByLabel("Button label").fill("Opening hours");
  await form.getByLabel("Message sent").fill("When are you open?");
  await form.getByRole("button", { name: "Add message" }).click();
  await expect(page.getByTestId("suggested-message")).toHaveCount(1);

  await page.getByRole("button", { name: "Add suggested message" }).click();
  form = page.getByRole("dialog", { name: "Add suggested message" });
  await form.getByLabel("Link").check();
  await form.getByLabel("Button label").fill("Book online");
  await form.getByLabel("Link URL").fill("not a url");
  await form.getByRole("button", { name: "Add message" }).click();
  await expect(form.getByText("The url field must be an http:// or https:// URL.")).toBeVisible();
  await form.getByLabel("Link URL").fill("https://harbordental.example/book");
  await form.getByRole("button", { name: "Add message" }).click();
  await expect(page.getByTestId("suggested-message")).toHaveCount(2);

  await page.getByRole("button", { name: "Move Book online up" }).click();
  await expect(page.getByTestId("suggested-message").first()).toContainText("Book online");
  const prompts = await (await request.get(`/v1/${id}/prompts`, { headers: auth() })).json();
  expect(prompts.map((p: { name: string; type: string; action: unknown }) => [p.name, p.type, p.action])).toEqual([
    ["Book online", "link", { type: "url", url: "https://harbordental.example/book" }],
    ["Opening hours", "message", null],
  ]);

  // Updated answers.
  await page.getByRole("link", { name: "Updated answers" }).click();
  await page.getByRole("button", { name: "Add updated answer" }).click();
  form = page.getByRole("dialog", { name: "Add updated answer" });
  await form.getByLabel("Question").fill("Do you see children?");
  await form.getByLabel("Answer").fill("Yes, from age 3.");
  await form.getByRole("button", { name: "Add answer" }).click();
  await expect(page.getByTestId("updated-answer")).toContainText("Yes, from age 3.");
  const answers = await (await request.get(`/v1/${id}/finetunes`, { headers: auth() })).json();
  expect(answers).toEqual([expect.objectContaining({ question: "Do you see children?", suggested_answer: "Yes, from age 3." })]);

  // Delete the message again.
  await page.getByRole("link", { name: "Suggested messages" }).click();
  await page.getByRole("button", { name: "Delete Opening hours" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete message" }).click();
  await expect(page.getByTestId("suggested-message")).toHaveCount(1);
});

test("sources show their training status", async ({ page }) => {
  await logIn(page, OWNER);
  await openChatbot(page, "Bloom Assistant");
  await page.getByRole("link", { name: "Sources" }).click();
  const table = page.getByRole("table", { name: "Sources" });
  await expect(table.getByRole("row")).toHaveCount(4);
  await expect(table).toContainText("Trained");
  await expect(page.getByTestId("sources-live")).toHaveText("All sources are up to date.");
});

test("the sources list follows training live, without a reload", async ({ page }) => {
  await logIn(page, OWNER);
  await openChatbot(page, "Wedding Flowers Concierge");
  await page.getByRole("link", { name: "Sources" }).click();
  // The demo's fresh source is still queued; nothing trains it yet in this build, so play the worker's part.
  const row = page.getByRole("row").filter({ hasText: "Seasonal flowers guide" });
  await expect(row).toContainText("Queued");
  await expect(page.getByTestId("sources-live")).toHaveText(/Training in progress/);

  await e2eSql("UPDATE sources SET status = 'crawling', updated_at = now() WHERE title = 'Seasonal flowers guide'");
  await expect(row).toContainText("Crawling", { timeout: 10_000 });
  await e2eSql("UPDATE sources SET status = 'trained', trained_at = now(), updated_at = now() WHERE title = 'Seasonal flowers guide'");
  await expect(row).toContainText("Trained", { timeout: 10_000 });
  await expect(page.getByTestId("sources-live")).toHaveText("All sources are up to date.");
});
