import { expect, test, type Page } from "@playwright/test";
import { logInThroughForm, OWNER } from "./helpers";

/** Hardening in a real browser (docs/decisions/031-security-headers-and-browser-only-surfaces.md): the nonce CSP lets the dashboard run, and nothing it blocks is ours. */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect)/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

test("the dashboard works under its CSP with no violations, at desktop and phone width", async ({ page }) => {
  const violations = cspViolations(page);
  await logInThroughForm(page, OWNER);
  await expect(page.getByRole("heading", { name: "Clients" })).toBeVisible();
  await page.getByRole("link", { name: "Clients" }).first().click();
  await expect(page).toHaveURL(/\/clients/);
  await page.screenshot({ path: "test-results/hardening-desktop.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/chatbots");
  await expect(page.getByRole("heading", { name: "My chatbots" })).toBeVisible();
  await page.screenshot({ path: "test-results/hardening-390.png", fullPage: true });
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  expect(violations).toEqual([]);
});

test("the dashboard refuses to be framed by another site", async ({ page }) => {
  const res = await page.request.get("/login");
  expect(res.headers()["x-frame-options"]).toBe("DENY");
  expect(res.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
});

test("a locked account is told so on the form", async ({ page }) => {
  const email = `locked-${Date.now()}@example.test`;
  await page.goto("/login");
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("wrong-password");
    const answer = page.waitForResponse((r) => r.url().includes("/api/auth/callback/credentials"));
    await page.getByRole("button", { name: "Sign in" }).click();
    statuses.push((await answer).status());
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  }
  expect(statuses).toEqual([...Array(10).fill(401), 429]);
  await expect(page.getByRole("alert").filter({ hasText: /locked; try again in \d+ minutes?/ })).toBeVisible();
});
