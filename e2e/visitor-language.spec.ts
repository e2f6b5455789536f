import { expect, test, type FrameLocator, type Page } from "@playwright/test";
import { startGermanWorkshopSite } from "../tests/helpers/german-site";
import { demoApi } from "./helpers";
import { linkIn, waitForMail } from "./mail-sink";
import { startHostSite, type HostSite } from "./widget-host";

/**
 * The visitor's language, tried as a new user would (docs/decisions/117-the-visitors-language.md): a client's
 * admin joins through the agency's invitation, creates a chatbot whose language is German in the dashboard,
 * trains it on a small German website, and a visitor asks the widget a German question: the answer is German,
 * cites the right page, and the widget speaks German (its own words, `<html lang="de">`) — at 1280×800 and
 * 390×844.
 */
const BOT = "Speiche-Assistent";
let site: Awaited<ReturnType<typeof startGermanWorkshopSite>>;
let host: HostSite;
let chatbotId = "";

test.beforeAll(async () => {
  site = await startGermanWorkshopSite();
});

test.afterAll(async () => {
  await host?.close();
  await site?.close();
});

/** A new user: the client's admin, invited by the agency, joins with a name and a password. */
async function joinAsNewClientAdmin(page: Page, baseURL: string) {
  const email = `inhaberin-${Date.now()}@radwerkstatt-speiche.test`;
  await demoApi(baseURL, "POST", "/v1/agency/clients", { name: `Radwerkstatt Speiche ${Date.now()}`, message_limit: 500, invite_email: email });
  const link = new URL(linkIn(await waitForMail(email, /invited to/), "/invitations/accept"));
  await page.goto(link.pathname + link.search);
  await page.getByLabel("Your name").fill("Katrin Vogt");
  await page.getByLabel("Password").fill("ein-ausreichend-langes-passwort-1");
  await page.getByRole("button", { name: "Create account and join" }).click();
  await page.waitForURL(/\/home/);
}

/** The page at the desktop and phone sizes, for a person to look at (test-results/). */
async function widgetScreenshots(page: Page, name: string) {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `test-results/visitor-language-${name}-${viewport.width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a German website trained in the dashboard answers a German question in German with the right page cited, and its widget speaks German", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await joinAsNewClientAdmin(page, baseURL!);

  // The chatbot, German from the start: its default texts are German in its settings.
  await page.goto("/chatbots");
  await page.getByRole("button", { name: "New chatbot" }).click();
  const dialog = page.getByRole("dialog", { name: "New chatbot" });
  await dialog.getByLabel("Name").fill(BOT);
  await dialog.getByLabel("Language").selectOption({ label: "German" });
  await widgetScreenshots(page, "new-chatbot-dialog");
  await dialog.getByRole("button", { name: "Create chatbot" }).click();
  await expect(page).toHaveURL(/\/chatbots\/[0-9a-f-]{36}\/settings$/);
  chatbotId = /\/chatbots\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
  await expect(page.getByLabel("Default language")).toHaveValue("de");
  await expect(page.getByLabel("Welcome message")).toHaveValue("Hallo! Wie kann ich Ihnen heute helfen?");
  await expect(page.getByLabel("Default answer")).toHaveValue("Darauf habe ich leider noch keine Antwort.");

  // Trained on the workshop's German website.
  await page.getByRole("link", { name: "Sources" }).click();
  await page.getByRole("group", { name: "Add a source" }).getByRole("button", { name: "Website" }).click();
  const add = page.getByRole("dialog", { name: "Add a website" });
  await add.getByLabel("Website address").fill(site.url("/"));
  await add.getByRole("button", { name: "Add and train" }).click();
  await expect(add).toBeHidden();
  const row = page.locator('tr[data-type="website"]');
  await expect(row).toContainText("Trained", { timeout: 90_000 });
  await expect(row.getByTestId("website-progress")).toHaveText("5 of 5 pages indexed");

  // A visitor on the workshop's site: the launcher speaks German.
  host = await startHostSite(baseURL!, () => chatbotId);
  await page.goto(host.url("/"));
  await page.getByRole("button", { name: `Chat öffnen: ${BOT}` }).click();
  const chat: FrameLocator = page.frameLocator(`iframe[title="Chat mit ${BOT}"]`);
  await expect(page.getByRole("button", { name: `Chat schließen: ${BOT}` })).toBeVisible();
  await expect(chat.locator("html")).toHaveAttribute("lang", "de");
  await expect(chat.getByRole("dialog", { name: BOT })).toBeVisible();
  const message = chat.getByRole("textbox", { name: "Nachricht" });
  await expect(message).toBeFocused();
  await expect(message).toHaveAttribute("placeholder", "Stellen Sie mir eine Frage …");
  await expect(chat.getByRole("button", { name: "Chat schließen" })).toBeVisible();
  await expect(chat.getByText("Bereitgestellt von Agency Chatbot Platform")).toBeVisible();
  const log = chat.getByRole("log", { name: "Unterhaltung" });
  await expect(log).toContainText("Hallo! Wie kann ich Ihnen heute helfen?");
  await widgetScreenshots(page, "open");

  // A German question, asked with the keyboard: a German answer citing the page with the prices.
  await message.fill("Was kostet eine große Inspektion?");
  await message.press("Enter");
  await expect(log).toContainText("Eine große Inspektion kostet 89 Euro");
  await expect(log.getByRole("list", { name: "Quellen" }).getByRole("link", { name: "Inspektion und Preise" })).toBeVisible();
  await expect(chat.getByRole("group", { name: "Diese Antwort bewerten" }).getByRole("button", { name: "Hilfreich", exact: true })).toBeVisible();
  await expect(chat.getByRole("button", { name: "Neuer Chat" })).toBeVisible();
  await widgetScreenshots(page, "answered");

  // The share page speaks German too.
  await page.goto(`/chat/${chatbotId}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("textbox", { name: "Nachricht" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Nachricht senden" })).toBeVisible();
  await widgetScreenshots(page, "share-page");
});
