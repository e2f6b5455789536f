import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { demoApi, e2eSql } from "./helpers";
import { AGENCY_OWNER, signIn } from "./portal-fixtures";

/**
 * Templates' "Done when" as an agency owner would do it (the quality gate's rollback is the contract test's):
 * a template of the demo's Harbor Dental Help, a client made from it in the new-client form (two more over the
 * API), its welcome message overridden, version 2 published with a new system prompt and suggested message,
 * previewed with the override kept, rolled out to all and watched to the end. axe finds nothing serious and
 * nothing scrolls sideways at 390 px on the template, preview and rollout screens.
 */
const stamp = Date.now().toString(36);
const TEMPLATE = `Dental practice ${stamp}`;
const CLIENT = `Smile Dental ${stamp}`;

async function checkPage(page: Page, what: string) {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).options({ resultTypes: ["violations"] }).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect.soft(serious, `${what} at ${viewport.width} px`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect.soft(overflow, `sideways scroll on ${what} at ${viewport.width} px`).toBeLessThanOrEqual(0);
    // SCREENSHOTS=1: each screen at both sizes in the git-ignored .data/screenshots/, for review.
    if (process.env.SCREENSHOTS) await page.screenshot({ fullPage: true, path: `.data/screenshots/templates-${what.replace(/\W+/g, "-")}-${viewport.width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a template of a demo chatbot, clients made from it, an override kept through a previewed rollout of version 2", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await signIn(page, AGENCY_OWNER);
  await page.goto("/home");
  await page.getByRole("link", { name: "Templates" }).click();
  await page.getByRole("button", { name: "New template" }).click();
  const create = page.getByRole("form", { name: "New template" });
  await create.getByLabel("Chatbot to copy").selectOption({ label: "Harbor Dental Help (Harbor Dental)" });
  await create.getByLabel("Template name").fill(TEMPLATE);
  await create.getByRole("button", { name: "Create template" }).click();
  await expect(page.getByRole("heading", { level: 1, name: TEMPLATE })).toBeVisible();
  const templateId = /\/templates\/([0-9a-f-]{36})$/.exec(page.url())![1]!;

  // A client from the template, in the new-client form: its own site fills {client_website}.
  await page.goto("/clients/new");
  await page.getByLabel("Client name").fill(CLIENT);
  await page.getByLabel("Template").selectOption({ label: `${TEMPLATE} (version 1)` });
  await page.getByLabel("Client website").fill("https://www.smile-dental.example");
  await page.getByRole("button", { name: "Create client" }).click();
  await expect(page.getByRole("heading", { level: 1, name: CLIENT })).toBeVisible();
  await expect(page.getByRole("link", { name: `Follows ${TEMPLATE}, version 1` })).toBeVisible();
  for (const name of ["Bright Teeth", "Gentle Care"]) {
    await demoApi(baseURL!, "POST", "/v1/agency/clients", { name: `${name} ${stamp}`, template_id: templateId, variables: { client_website: `https://www.${name.toLowerCase().replace(" ", "-")}.example` } });
  }

  // Its welcome message, overridden: the settings page says so.
  await page.getByRole("link", { name: CLIENT, exact: true }).click();
  await expect(page).toHaveURL(/\/chatbots\/[0-9a-f-]{36}\/(inbox|playground)$/);
  const botUrl = page.url();
  await page.goto(botUrl.replace(/\/(inbox|playground)$/, "/settings"));
  await page.getByLabel("Welcome message", { exact: true }).fill("Hello from Smile!");
  await page.getByRole("button", { name: "Save settings" }).click();
  await page.reload();
  await expect(page.getByRole("list", { name: "Overridden fields" })).toContainText("Welcome message");

  // Version 2 of the master: a new system prompt and suggested message, published with a note.
  const master = (await e2eSql(`SELECT master_chatbot_id AS id FROM templates WHERE id = $1`, [templateId])).rows[0] as { id: string };
  await page.goto(`/chatbots/${master.id}/settings`);
  await page.getByLabel("System prompt", { exact: true }).fill("You are the assistant of {client_name}. Offer to book a check-up.");
  await page.getByRole("button", { name: "Save settings" }).click();
  await page.goto(`/chatbots/${master.id}/prompts`);
  await page.getByRole("button", { name: "Add suggested message" }).click();
  const message = page.getByRole("dialog", { name: "Add suggested message" });
  await message.getByLabel("Button label").fill("Book a check-up");
  await message.getByLabel("Message sent").fill("I'd like to book a check-up.");
  await message.getByRole("button", { name: "Add message" }).click();
  await page.goto(`/templates/${templateId}`);
  await page.getByRole("button", { name: "Publish new version" }).click();
  await page.getByLabel("What changed").fill("Booking button and a new system prompt");
  await page.getByRole("button", { name: "Publish version" }).click();
  await expect(page.getByRole("list", { name: "Versions" })).toContainText("Booking button and a new system prompt");
  await page.getByRole("button", { name: "Changes from version 1" }).click();
  await expect(page.getByRole("list", { name: "Versions" })).toContainText("Suggested message: Book a check-up");
  await checkPage(page, "the template");

  // The preview lists the override as kept; rolled out to all, the progress runs to the end.
  await page.getByRole("button", { name: "Roll out" }).click();
  const smile = page.getByRole("list", { name: "Preview" }).getByRole("listitem").filter({ has: page.getByText(CLIENT, { exact: true }) }).first();
  await expect(smile).toContainText("System prompt");
  await expect(smile).toContainText("Welcome message");
  await expect(smile).toContainText("changed here");
  await checkPage(page, "the rollout preview");
  // Started from the keyboard, as a keyboard-only owner would.
  await page.getByRole("button", { name: "Roll out to all" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Rollout of version 2" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "chatbots done" })).toContainText("3 of 3 chatbots done", { timeout: 60_000 });
  await expect(page.getByText("Completed", { exact: true })).toBeVisible();
  await checkPage(page, "the rollout");

  // Smile's agent follows version 2, its own welcome message kept.
  await page.goto(botUrl.replace(/\/(inbox|playground)$/, "/settings"));
  await expect(page.getByText(`Follows ${TEMPLATE}, version 2`)).toBeVisible();
  await expect(page.getByLabel("Welcome message", { exact: true })).toHaveValue("Hello from Smile!");
  await expect(page.getByLabel("System prompt", { exact: true })).toHaveValue(`You are the assistant of ${CLIENT}. Offer to book a check-up.`);
  await checkPage(page, "a linked chatbot's settings");
});
