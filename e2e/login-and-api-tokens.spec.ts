import { expect, test } from "@playwright/test";

const OWNER = { email: "owner@demo.agency", password: "demo-password" };

test("a wrong password is refused with a clear message", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test("the dashboard needs a session", async ({ page }) => {
  await page.goto("/api-tokens");
  await expect(page).toHaveURL(/\/login/);
});

test("log in through the form, create an API token that works, then revoke it", async ({ page, request }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The owner lands on the agency's cockpit.
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { name: "Clients" })).toBeVisible();
  await page.getByRole("link", { name: "Chatbots" }).first().click();
  await expect(page.getByRole("heading", { name: "My chatbots" })).toBeVisible();
  // The demo agency's chatbots are listed from tRPC.
  await expect(page.getByText("Bloom", { exact: false }).first()).toBeVisible();

  await page.getByRole("link", { name: "API tokens" }).click();
  await expect(page.getByRole("heading", { name: "API tokens" })).toBeVisible();
  const name = `E2E token ${Date.now()}`;
  await page.getByLabel("Token name").fill(name);
  await page.getByRole("button", { name: "Create token" }).click();

  const panel = page.getByTestId("new-token-panel");
  await expect(panel).toContainText("Copy this token now");
  const token = (await page.getByTestId("new-token-value").textContent())?.trim() ?? "";
  expect(token).toMatch(/^acp_[A-Za-z0-9_-]{43}$/);

  // The token shown once authenticates against the REST API.
  const me = await request.get("/v1/me", { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  expect((await me.json()).user.email).toBe(OWNER.email);

  const row = page.locator("tr", { has: page.getByRole("cell", { name, exact: true }) });
  await expect(row).toContainText("Active");
  await expect(row).toContainText(token.slice(0, 12));

  // After a reload the full token is gone for good; only its prefix remains.
  await page.reload();
  await expect(page.getByTestId("new-token-value")).toHaveCount(0);
  await expect(page.getByText(token)).toHaveCount(0);

  await row.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke token" }).click();
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button", { name: "Revoke" })).toHaveCount(0);

  const after = await request.get("/v1/me", { headers: { Authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
  expect(await after.json()).toEqual({ message: "Unauthenticated." });
});
