import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { demoApi, e2eSql } from "./helpers";
import { AGENCY_OWNER, signIn } from "./portal-fixtures";

/**
 * What a review of the dashboard in Chromium tripped over, checked at the width where it showed: duplicates
 * refused with the field named, the source limit saying what it counts, one honest invitation notice, focus
 * after a pause, words people read (labels, units, a counter near the 4,000 bound, the sidebar's own name),
 * no raw identifiers on screen, every section and menu in reach at 1280 and 390 px (tabs that wrap, a Menu
 * button on the phone), the cockpit's reasons with their actions, the audit log in words, answers to improve
 * from the playground, sources and the inbox usable on a phone. Each page is also saved to
 * .data/screenshots/review for a look by eye.
 */
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function shot(page: Page, name: string) {
  mkdirSync(".data/screenshots/review", { recursive: true });
  await page.screenshot({ path: `.data/screenshots/review/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

/** Every link of a navigation inside the viewport's width (none cut at an edge or scrolled out of sight). */
async function allInView(page: Page, nav: string) {
  const width = page.viewportSize()!.width;
  const links = await page.getByRole("navigation", { name: nav }).getByRole("link").all();
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) {
    const box = (await link.boundingBox())!;
    expect(box.x, await link.innerText()).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, await link.innerText()).toBeLessThanOrEqual(width);
  }
}

/** A table's box shows all of it (no sideways scroll inside it). */
const fitsItsBox = (page: Page, name: string) =>
  page.locator(`[role="region"][aria-label="${name}"]`).evaluate((el) => el.scrollWidth <= el.clientWidth + 1);

async function harborBot() {
  const row = (await e2eSql(`SELECT c.id FROM chatbots c JOIN teams t ON t.id = c.team_id WHERE t.name = 'Harbor Dental' AND c.deleted_at IS NULL ORDER BY c.created_at LIMIT 1`)).rows[0] as { id: string };
  return row.id;
}

test.describe("at 1280×800", () => {
  test.use({ viewport: DESKTOP });

  test("a new client: a taken name is refused under its field, every working integration ticked, no raw ids; the invitation notice agrees with the list", async ({ page }) => {
    await signIn(page, AGENCY_OWNER);
    await page.goto("/clients/new");
    await expect(page.getByRole("heading", { name: "New client" })).toBeVisible();
    // Integrations by product name only; all seven work now, so all are ticked.
    await expect(page.getByText("messaging_app_1")).toHaveCount(0);
    await expect(page.getByRole("checkbox", { name: /^Microsoft Teams/ })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: /^Intercom/ })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: /^WhatsApp/ })).toBeChecked();
    await page.getByRole("radio", { name: "Choose integrations" }).check();
    await expect(page.getByRole("checkbox", { name: /^Microsoft Teams/ })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: /^HubSpot/ })).toBeChecked();
    await expect(page.getByText(/Maximum number of training sources, counting every website page a crawl keeps/)).toBeVisible();
    await shot(page, "new-client");

    await page.getByLabel("Client name").fill("bloom  florists");
    await page.getByRole("button", { name: "Create client" }).click();
    await expect(page.getByText('The agency already has a client named "bloom florists". Choose another name.').first()).toBeVisible();
    await expect(page.getByLabel("Client name")).toHaveAttribute("aria-invalid", "true");

    const stamp = Date.now();
    const email = `review-${stamp}@client.example`;
    await page.getByLabel("Client name").fill(`Review Client ${stamp}`);
    await page.getByLabel("Invitation email").fill(email);
    await page.getByRole("button", { name: "Create client" }).click();
    await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
    // One notice, and it says what the list says.
    await expect(page.getByTestId("invitation-mail-outcome")).toContainText(`We e-mailed the invitation to ${email}`);
    await expect(page.getByRole("list", { name: "Invitations" })).toContainText("E-mailed");
    await expect(page.getByText(/SMTP|_URL/)).toHaveCount(0);
    await shot(page, "client-created");

    // Keyboard: after confirming a pause, focus lands on Resume (the Pause button it came from is gone).
    await page.getByRole("button", { name: "Pause", exact: true }).click();
    const pause = page.getByRole("dialog");
    await pause.getByRole("radio", { name: /Hard pause/ }).check();
    await pause.getByRole("button", { name: "Pause workspace" }).press("Enter");
    await expect(pause).toBeHidden();
    await expect(page.getByTestId("client-status")).toContainText("Paused");
    await expect(page.getByRole("button", { name: "Resume", exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").getByRole("button", { name: "Resume workspace" }).press("Enter");
    await expect(page.getByTestId("client-status")).toHaveText("Active");
    await expect(page.getByRole("button", { name: "Pause", exact: true })).toBeFocused();
  });

  test("the source limit says what it counts and warns when set below what is in use", async ({ page, baseURL }) => {
    const list = await demoApi(baseURL!, "GET", "/v1/agency/clients?per_page=100");
    const client = (list.data as Array<{ id: string; name: string; usage: { sources: number } }>).find((c) => c.usage.sources > 1)!;
    await signIn(page, AGENCY_OWNER);
    await page.goto(`/clients/${client.id}`);
    await expect(page.getByTestId("sources-in-use")).toHaveText(`In use now: ${client.usage.sources.toLocaleString("en-US")}.`);
    await page.getByLabel("Source limit").fill(String(client.usage.sources - 1));
    await expect(page.getByTestId("source-limit-warning")).toContainText(`${client.usage.sources.toLocaleString("en-US")} sources are in use`);
    await shot(page, "client-source-limit");
  });

  test("words: the sidebar keeps its whole name, messages use the label and the unit, a counter near 4,000 characters, events in words, no raw domain id", async ({ page }) => {
    const bot = await harborBot();
    await signIn(page, AGENCY_OWNER);
    await page.goto(`/chatbots/${bot}/settings`);
    // Every chatbot section in sight at 1280 px (they wrap, none scrolls out past the edge).
    await allInView(page, "Chatbot sections");
    const brand = page.getByTestId("portal-brand").locator("span").last();
    expect(await brand.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    // The height's message says px; the domain's id is behind a copy button, not on screen.
    await page.getByLabel("Height", { exact: true }).fill("1300");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("The height field must not be greater than 1200 px.")).toBeVisible();
    const domainId = ((await e2eSql(`SELECT domain_id::text AS id FROM chatbots WHERE id = $1`, [bot])).rows[0] as { id: string }).id;
    await expect(page.getByText(domainId)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Copy the domain's reference for support" })).toBeVisible();
    await shot(page, "settings");

    // An updated answer without an answer: named as the field is labelled.
    await page.goto(`/chatbots/${bot}/finetunes`);
    await page.getByRole("button", { name: "Add updated answer" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Question").fill(`Do you open on holidays ${Date.now()}?`);
    await dialog.getByRole("button", { name: "Add answer" }).click();
    await expect(dialog.getByText("The answer field is required.")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await page.goto(`/chatbots/${bot}/playground`);
    const box = page.getByLabel("Your message");
    await box.fill("x".repeat(3500));
    await expect(page.getByTestId("character-count")).toHaveText("3,500 / 4,000 characters");
    await shot(page, "playground");

    await page.goto(`/chatbots/${bot}/analytics`);
    await expect(page.getByRole("heading", { name: /Analytics/ }).first()).toBeVisible();
    await expect(page.getByText("launcher_opened")).toHaveCount(0);
    await shot(page, "analytics");
  });

  test("the cockpit, the audit log and the playground: reasons with actions, changes in words, answers to improve", async ({ page }) => {
    const bot = await harborBot();
    await signIn(page, AGENCY_OWNER);
    await page.goto("/home");
    await expect(page.getByRole("table", { name: "Client workspaces" })).toBeVisible();
    expect(await fitsItsBox(page, "Client workspaces")).toBe(true);
    // Each client needing attention says why and what to do; the unanswered questions lead to the report.
    const attention = page.getByTestId("attention-client");
    if (await attention.count()) await expect(attention.first().getByRole("link", { name: /^(Top up|Resume|Answer them|Top up or resume)/ }).first()).toBeVisible();
    const unanswered = page.getByTestId("attention").getByRole("link", { name: /unanswered question/ });
    if (await unanswered.count()) await expect(unanswered).toHaveAttribute("href", "/clients/reports");
    await shot(page, "home");

    await page.goto("/audit-log");
    await expect(page.getByTestId("audit-entry").first()).toBeVisible();
    expect(await fitsItsBox(page, "Audit log entries")).toBe(true);
    // No cell runs into the next one (a long URL, an e-mail, a date wrap inside their columns).
    expect(await page.getByTestId("audit-entry").locator("td").evaluateAll((tds) => tds.every((td) => td.scrollWidth <= td.clientWidth + 1))).toBe(true);
    const changes = (await page.getByTestId("audit-change").allInnerTexts()).join("\n");
    expect(changes).not.toMatch(/events: none|[[{]"|messaging_app_\d/);
    await shot(page, "audit-log");

    await page.goto(`/chatbots/${bot}/playground`);
    await page.getByLabel("Your message").fill("Do you take new patients?");
    await page.getByLabel("Your message").press("Enter");
    await page.getByRole("button", { name: "Improve this answer" }).click();
    await expect(page.getByRole("dialog").getByLabel("Question")).toHaveValue("Do you take new patients?");
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  });
});

test.describe("at 390×844", () => {
  test.use({ viewport: PHONE });

  test("the changed pages fit the phone: new client, a client's limits, settings and the playground's counter", async ({ page, baseURL }) => {
    const list = await demoApi(baseURL!, "GET", "/v1/agency/clients?per_page=100");
    const client = (list.data as Array<{ id: string; usage: { sources: number } }>).find((c) => c.usage.sources > 1)!;
    const bot = await harborBot();
    await signIn(page, AGENCY_OWNER);
    const noSideways = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await page.goto("/clients/new");
    await expect(page.getByRole("checkbox", { name: /^Microsoft Teams/ })).toBeChecked();
    await noSideways();
    await shot(page, "new-client");
    await page.goto(`/clients/${client.id}`);
    await page.getByLabel("Source limit").fill("1");
    await expect(page.getByTestId("source-limit-warning")).toBeVisible();
    await noSideways();
    await shot(page, "client-source-limit");
    await page.goto(`/chatbots/${bot}/settings`);
    await expect(page.getByRole("button", { name: "Copy the domain's reference for support" })).toBeVisible();
    await noSideways();
    await shot(page, "settings");
    await page.goto(`/chatbots/${bot}/playground`);
    await page.getByLabel("Your message").fill("y".repeat(3990));
    await expect(page.getByTestId("character-count")).toHaveText("3,990 / 4,000 characters");
    await noSideways();
    await shot(page, "playground");
    await page.goto(`/chatbots/${bot}/analytics`);
    await noSideways();
    await shot(page, "analytics");
  });

  test("the phone's frame: a one-row header with a Menu button that works by keyboard, every section in sight, sources as cards, inbox list → conversation → back", async ({ page }) => {
    const bot = await harborBot();
    await signIn(page, AGENCY_OWNER);
    await page.goto(`/chatbots/${bot}/sources`);
    const header = page.locator("header").first();
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(72);
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Clients" })).toBeVisible();
    await shot(page, "menu-open");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeFocused();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

    await allInView(page, "Chatbot sections");
    // Sources: each a card whose status and actions are on screen.
    const first = page.locator("tr[data-source-id]").first();
    await expect(first.getByRole("button", { name: /^Details of/ })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await shot(page, "sources");

    await page.goto(`/chatbots/${bot}/inbox`);
    const conversation = page.getByTestId("inbox-conversation").first();
    await conversation.click();
    await expect(page.getByRole("button", { name: "All conversations" })).toBeInViewport();
    await expect(page.getByTestId("inbox-conversation").first()).toBeHidden();
    await expect(page.getByTestId("conversation-status")).toBeVisible();
    await shot(page, "inbox-conversation");
    await page.getByRole("button", { name: "All conversations" }).click();
    await expect(page.getByTestId("inbox-conversation").first()).toBeFocused();
  });
});
