import { expect, test, type Page } from "@playwright/test";
import { e2eSql } from "./helpers";
import { AGENCY_OWNER, CLIENT_ADMIN, CLIENT_MEMBER, signIn } from "./portal-fixtures";

/** What each kind of user sees and may do in the portal (docs/decisions/008-roles-and-permissions.md). */
const nav = (page: Page) => page.getByRole("navigation", { name: "Main" }).getByRole("link");

async function harbor() {
  return ((await e2eSql(`SELECT id FROM teams WHERE name = 'Harbor Dental' AND kind = 'client'`)).rows[0] as { id: string }).id;
}

test("the agency owner has the back office and can view the portal as a client, clearly marked, and come back", async ({ page }) => {
  await signIn(page, AGENCY_OWNER);
  await page.goto("/chatbots");
  await expect(nav(page)).toHaveText(["Home", "Clients", "Templates", "Billing", "Chatbots", "Team", "Webhooks", "Audit log", "API tokens", "Settings"]);
  const clientId = await harbor();
  await page.goto(`/clients/${clientId}`);
  await page.getByRole("button", { name: "View as client" }).click();

  await expect(page).toHaveURL(/\/chatbots$/);
  const banner = page.getByRole("region", { name: "Viewing as client" });
  await expect(banner).toContainText("Viewing as client Harbor Dental");
  await expect(nav(page)).toHaveText(["Home", "Chatbots", "Team", "API tokens", "Settings"]);
  const harborBots = (await e2eSql(`SELECT name FROM chatbots WHERE team_id = $1 AND deleted_at IS NULL ORDER BY name`, [clientId])).rows.map((r) => (r as { name: string }).name);
  const cards = page.getByRole("list", { name: "Chatbots" }).getByRole("listitem");
  await expect(cards).toHaveCount(harborBots.length);
  // The agency pages are not part of the client's view.
  expect((await page.goto("/clients"))?.status()).toBe(404);
  await page.goto("/team");
  await expect(page).toHaveURL(new RegExp(`/team/${clientId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Team · Harbor Dental");

  await page.getByRole("button", { name: "Back to agency view" }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole("region", { name: "Viewing as client" })).toHaveCount(0);
  await expect(nav(page).first()).toHaveText("Home");
});

test("a client admin sees the workspace's chatbots and team, never the agency's clients or webhooks", async ({ page }) => {
  await signIn(page, CLIENT_ADMIN);
  await page.goto("/chatbots");
  await expect(nav(page)).toHaveText(["Home", "Chatbots", "Team", "API tokens", "Settings"]);
  for (const path of ["/clients", "/webhooks", "/clients/new", "/audit-log"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to my chatbots" })).toBeVisible();
  }
  await page.goto("/team");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Team · Harbor Dental");
  const you = page.getByTestId("member-row").filter({ hasText: "You" });
  await expect(you).toContainText("maya@harbordental.example");
  await expect(page.getByText("Your role here: Admin")).toBeVisible();
});

test("a client member reads chatbots only: no team page, no chatbot creation, another tenant's chatbot is a 404", async ({ page }) => {
  await signIn(page, CLIENT_MEMBER);
  await page.goto("/chatbots");
  await expect(nav(page)).toHaveText(["Home", "Chatbots", "API tokens", "Settings"]);
  await expect(page.getByRole("list", { name: "Chatbots" }).getByRole("listitem").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "New chatbot" })).toHaveCount(0);
  expect((await page.goto("/team"))?.status()).toBe(404);
  expect((await page.goto(`/team/${await harbor()}`))?.status()).toBe(404);
  const otherBot = ((await e2eSql(`SELECT c.id FROM chatbots c JOIN teams t ON t.id = c.team_id WHERE t.name = 'Bloom Florists' LIMIT 1`)).rows[0] as { id: string }).id;
  const response = await page.goto(`/chatbots/${otherBot}/settings`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("link", { name: "Back to my chatbots" })).toBeVisible();
});

test("a client admin invites someone, revokes the invitation, and the revoked link stops working", async ({ page, browser }) => {
  await signIn(page, CLIENT_ADMIN);
  await page.goto("/team");
  const email = `revoked-${Date.now()}@example.test`;
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("editor");
  await page.getByRole("button", { name: "Send invitation" }).click();
  const panel = page.getByRole("status").filter({ hasText: email });
  await expect(panel).toContainText(`Invitation e-mailed to ${email}`);
  const link = (await panel.locator("code").textContent())!.trim();
  const row = page.getByTestId("pending-invitation").filter({ hasText: email });
  await expect(row).toContainText("Invited by you");

  await row.getByRole("button", { name: `Revoke the invitation to ${email}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke invitation" }).click();
  await expect(row).toHaveCount(0);

  const visitor = await browser.newPage();
  await visitor.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  await expect(visitor.getByTestId("invitation-error")).toHaveText("This invitation was withdrawn. Ask the person who invited you for a new one.");
  await visitor.close();
});
