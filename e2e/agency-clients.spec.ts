import { expect, test, type Page } from "@playwright/test";

const OWNER = { email: "owner@demo.agency", password: "demo-password" };
/** A demo client's admin: a workspace member, not an agency owner. */
const CLIENT_ADMIN = { email: "alex@bloomflorists.example", password: "demo-password" };

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The landing page: the agency's cockpit, or a client's home.
  await expect(page).toHaveURL(/\/home$/);
}

test("the agency home shows the clients' health and the client table", async ({ page }) => {
  await signIn(page, OWNER);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Clients" }).click();
  await expect(page.getByRole("heading", { name: "Clients", exact: true })).toBeVisible();
  await expect(page.getByTestId("health-workspaces")).toContainText("/ 25");
  await expect(page.getByTestId("health-stopped")).toContainText("1 paused · 1 suspended");

  const table = page.getByRole("table", { name: "Client workspaces" });
  await expect(table.getByRole("link", { name: "Bloom Florists" })).toBeVisible();
  await page.getByRole("group", { name: "Filter by status" }).getByRole("button", { name: /^Suspended/ }).click();
  await expect(table.getByRole("link", { name: "Orbit Legal" })).toBeVisible();
  await expect(table.getByRole("link", { name: "Bloom Florists" })).toHaveCount(0);
  await expect(table.locator("tr", { hasText: "Orbit Legal" })).toContainText("Exhausted");

  await page.getByRole("group", { name: "Filter by status" }).getByRole("button", { name: /^All/ }).click();
  await page.getByRole("searchbox").fill("crm-1003");
  await expect(table.getByRole("link")).toHaveCount(1);
  await expect(table.locator("tr", { hasText: "Peak Fitness" })).toContainText("soft");
});

test("someone who is not an agency owner finds no Clients pages (404 with a way back) and no Clients link", async ({ page }) => {
  await signIn(page, CLIENT_ADMIN);
  const response = await page.goto("/clients");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Clients" })).toHaveCount(0);
});

test("create a client with a first agent and an invitation, top up, pause, resume; the client accepts the invitation", async ({ page, browser }) => {
  const stamp = Date.now();
  const name = `E2E Client ${stamp}`;
  const email = `e2e-${stamp}@client.example`;

  await signIn(page, OWNER);
  await page.goto("/clients");
  await page.getByRole("link", { name: "New client" }).click();
  await expect(page.getByRole("heading", { name: "New client" })).toBeVisible();

  // The browser-side checks name the field.
  await page.getByRole("button", { name: "Create client" }).click();
  await expect(page.getByText("Enter the client's name.")).toBeVisible();

  await page.getByLabel("Client name").fill(name);
  await page.getByLabel("External reference").fill(`e2e-${stamp}`);
  await page.getByLabel("Monthly message limit").fill("1000");
  await page.getByLabel("Chatbot limit").fill("3");
  await page.getByLabel("Response token limit").fill("20");
  await page.getByRole("radio", { name: "Choose integrations" }).check();
  await page.getByRole("checkbox", { name: /^AI actions/ }).uncheck();
  await page.getByLabel("Agent name").fill("Front desk");
  await page.getByLabel("Website URL").fill("https://www.example.com");
  await page.getByLabel("Accent color").fill("#0ea5e9");
  await page.getByLabel("Invitation email").fill(email);
  await page.getByRole("button", { name: "Create client" }).click();
  await expect(page.getByText("Enter a number from 50 to 10,000, or leave it empty for no limit.")).toBeVisible();
  await page.getByLabel("Response token limit").fill("400");
  await page.getByRole("button", { name: "Create client" }).click();

  // The client page, with the invitation link shown once.
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByTestId("client-status")).toHaveText("Active");
  const acceptUrl = ((await page.getByTestId("invitation-link").textContent()) ?? "").trim();
  expect(acceptUrl).toContain("/invitations/accept?token=");
  await expect(page.getByTestId("messages-remaining")).toHaveText("1,000");
  await expect(page.getByRole("list", { name: "Agents" })).toContainText("Front desk");
  const invitations = page.getByRole("list", { name: "Invitations" });
  await expect(invitations).toContainText(email);
  await expect(invitations).toContainText("Pending");

  // Top up 500 credits.
  await page.getByRole("button", { name: "Top up" }).click();
  const topUp = page.getByRole("dialog");
  await topUp.getByLabel("Amount").fill("500");
  await topUp.getByRole("button", { name: "Add credits" }).click();
  await expect(topUp).toBeHidden();
  await expect(page.getByTestId("messages-remaining")).toHaveText("1,500");
  await expect(page.getByTestId("topup-remaining")).toHaveText("500");
  await expect(page.getByRole("table", { name: "Credit ledger" })).toContainText("Top-up");

  // Hard pause: nothing can be served.
  await page.getByRole("button", { name: "Pause", exact: true }).click();
  const pause = page.getByRole("dialog");
  await pause.getByRole("radio", { name: /Hard pause/ }).check();
  await pause.getByRole("button", { name: "Pause workspace" }).click();
  await expect(pause).toBeHidden();
  await expect(page.getByTestId("client-status")).toContainText("Paused");
  await expect(page.getByTestId("client-status")).toContainText("hard");
  await expect(page.getByTestId("messages-remaining")).toHaveText("0");

  // Resume: the credits come back.
  await page.getByRole("button", { name: "Resume", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Resume workspace" }).click();
  await expect(page.getByTestId("client-status")).toHaveText("Active");
  await expect(page.getByTestId("messages-remaining")).toHaveText("1,500");

  // The client table lists it.
  await page.getByRole("link", { name: "← Clients" }).click();
  await page.getByRole("searchbox").fill(name);
  const row = page.getByRole("table", { name: "Client workspaces" }).locator("tr", { hasText: name });
  await expect(row).toContainText("Active");
  await expect(row).toContainText("1,500");

  // The invited person accepts in their own browser.
  const ctx2 = await browser.newContext();
  try {
    const client = await ctx2.newPage();
    await client.goto(acceptUrl);
    await expect(client.getByRole("heading", { name: `Join ${name}` })).toBeVisible();
    await expect(client.getByText(email)).toBeVisible();
    await client.getByLabel("Your name").fill("Casey Client");
    await client.getByLabel("Password").fill("client-password-1");
    await client.getByRole("button", { name: "Create account and join" }).click();
    // The client's home: their credits and standing.
    await expect(client).toHaveURL(/\/home$/);
    await expect(client.getByTestId("standing")).toContainText("Your agents are answering");
    await expect(client.getByText("Answers left")).toBeVisible();
    await client.getByRole("link", { name: "Open your chatbots" }).click();
    await expect(client.getByRole("heading", { name: "My chatbots" })).toBeVisible();
    await expect(client.getByText("Front desk")).toBeVisible();
  } finally {
    await ctx2.close();
  }

  // The owner sees the invitation accepted.
  await row.getByRole("link", { name }).click();
  await expect(page.getByRole("list", { name: "Invitations" })).toContainText("Accepted");
});
