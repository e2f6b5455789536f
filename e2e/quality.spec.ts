import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { page as html, startTestSite } from "../tests/helpers/test-site";
import { createChatbotInDialog, logIn, OWNER } from "./helpers";

/**
 * A chatbot's quality score (docs/decisions/063-chatbot-quality-score.md): trained from a real site on 127.0.0.1 (the crawler may reach it:
 * CRAWLER_ALLOW_PRIVATE_NETWORKS in playwright.config.ts), evaluated after each training and on demand; the
 * owner's own question fails until the page that answers it is added, and the score moves; the questions asked,
 * those of the pages' facts among them, are listed with what failed.
 */
const text = (topic: string) => [`${topic}: this page explains ${topic} in plain words for our customers.`, `More about ${topic}, with the details people ask about most often.`];
let site: Awaited<ReturnType<typeof startTestSite>>;

test.beforeAll(async () => {
  site = await startTestSite({
    "/": { body: html("Velo Shop", text("bicycles for the city"), ["/delivery", "/repairs"]) },
    "/delivery": { body: html("Delivery", text("delivery of bicycles"), ["/"]) },
    "/repairs": { body: html("Repairs", text("repairs and servicing"), ["/"]) },
    // On the site, linked from nowhere: the crawl does not find it until it is added as a page.
    "/contact": { body: html("Contact", ["Our shop is at 12 Harbour Street, Bristol.", ...text("visiting the shop")], ["/"]) },
  });
});
test.afterAll(() => site?.close());

const score = async (page: Page) => Number(await page.getByTestId("quality-score").textContent());
const idle = (page: Page) => expect(page.getByRole("button", { name: "Run evaluation now" })).toBeEnabled({ timeout: 60_000 });

test("an owner sees the quality score move after adding the page that answers a failing question", async ({ page }) => {
  test.setTimeout(240_000);
  await logIn(page, OWNER);
  const id = await createChatbotInDialog(page, `Velo bot ${Date.now()}`);

  await page.getByRole("link", { name: "Sources" }).click();
  await page.getByRole("group", { name: "Add a source" }).getByRole("button", { name: "Website" }).click();
  const addSite = page.getByRole("dialog", { name: "Add a website" });
  await addSite.getByLabel("Website address").fill(site.url("/"));
  await addSite.getByRole("button", { name: "Add and train" }).click();
  await expect(page.locator('tr[data-type="website"]')).toContainText("Trained", { timeout: 90_000 });

  // The training was evaluated by itself: questions made from the pages' headings.
  await page.getByRole("link", { name: "Quality" }).click();
  await expect(page).toHaveURL(new RegExp(`/chatbots/${id}/quality$`));
  await expect(page.getByTestId("quality-score")).toBeVisible({ timeout: 60_000 });

  // The owner's own question, by keyboard: the site's address is not among the trained pages yet.
  const question = page.getByRole("textbox", { name: "Question", exact: true });
  await question.fill("Where is the shop?");
  await question.press("Enter");
  await expect(page.getByTestId("test-question")).toContainText("Where is the shop?");
  await page.getByRole("button", { name: "Run evaluation now" }).click();
  await idle(page);
  const failing = page.getByTestId("failing-question").filter({ hasText: "Where is the shop?" });
  await expect(failing).toBeVisible();
  const before = await score(page);
  expect(before).toBeLessThan(100);

  // "Add an updated answer" from a failure opens with the question filled in.
  await failing.getByRole("button", { name: /Add an updated answer/ }).click();
  const dialog = page.getByRole("dialog", { name: "Add updated answer" });
  await expect(dialog.getByLabel("Question")).toHaveValue("Where is the shop?");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).options({ resultTypes: ["violations"] }).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: "test-results/quality-desktop.png", fullPage: true });

  // Adding the contact page is a training: evaluated by itself, the score moves up and the question passes.
  await page.getByRole("link", { name: "Sources" }).click();
  await page.getByRole("group", { name: "Add a source" }).getByRole("button", { name: "Single page" }).click();
  const addPage = page.getByRole("dialog", { name: "Add a single page" });
  await addPage.getByLabel("Page address").fill(site.url("/contact"));
  await addPage.getByRole("button", { name: "Add and train" }).click();
  await expect(page.locator("tr").filter({ hasText: "Contact" })).toContainText("Trained", { timeout: 90_000 });

  await page.getByRole("link", { name: "Quality" }).click();
  await expect.poll(() => score(page), { timeout: 60_000, intervals: [1000] }).toBeGreaterThan(before);
  await expect(page.getByTestId("failing-question").filter({ hasText: "Where is the shop?" })).toHaveCount(0);
  await expect(page.getByTestId("quality-chart")).toBeVisible();

  // The questions asked are listed, those of the pages' facts among them: the contact page's address asked as
  // a visitor would, with the fact its answer must say; failed exactly when it is among the failing questions.
  await page.getByTestId("asked-questions").getByText(/^All \d+ questions asked/).click();
  const located = page.getByTestId("asked-question").filter({ hasText: "Where are you located?" });
  await expect(located).toContainText("The address");
  await expect(located).toContainText("Its page says: 12 Harbour Street");
  const failedThere = (await located.textContent())!.includes("Failed");
  await expect(page.getByTestId("failing-question").filter({ hasText: "Where are you located?" })).toHaveCount(failedThere ? 1 : 0);
  await page.screenshot({ path: "test-results/quality-questions-desktop.png", fullPage: true });

  // A re-sync that loses two pages (the site now answers 404) lowers the score by more than 5 points:
  // flagged in the tab and in the chatbot's header.
  const after = await score(page);
  site.route("/delivery", null);
  site.route("/repairs", null);
  await page.getByRole("link", { name: "Sources" }).click();
  const website = page.locator('tr[data-type="website"]');
  await website.getByRole("button", { name: /^Retrain/ }).click();
  await expect(website.getByTestId("website-progress")).toHaveText(/^1 of \d+ pages indexed$/, { timeout: 90_000 });
  await page.getByRole("link", { name: "Quality" }).click();
  await expect.poll(() => score(page), { timeout: 60_000, intervals: [1000] }).toBeLessThan(after - 5);
  await expect(page.getByTestId("quality-drop")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("quality-flag")).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("asked-questions").getByText(/^All \d+ questions asked/).click();
  await expect(page.getByTestId("asked-question").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: "test-results/quality-mobile.png", fullPage: true });
});
