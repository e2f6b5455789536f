import { expect, test } from "@playwright/test";
import { e2eSql } from "./helpers";
import { linkIn, waitForMail } from "./mail-sink";
import { DEMO_PASSWORD, signIn } from "./portal-fixtures";

/** Account (docs/decisions/029-sign-in-and-password-reset.md): password reset by e-mail through a real local SMTP server, sign out everywhere, profile. */

test("a forgotten password is reset through an e-mailed link that works once", async ({ page }) => {
  const email = "jamie@bloomflorists.example";
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  const since = Date.now();
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText(`If an account uses ${email}`);

  const mail = await waitForMail(email, /Reset your .* password/, { since });
  const link = linkIn(mail, "/reset-password");
  const path = link.replace(/^https?:\/\/[^/]+/, "");
  await page.goto(path);
  await page.getByLabel("New password", { exact: true }).fill("fresh-password-1");
  await page.getByLabel("Repeat the new password").fill("fresh-password-2");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("The two passwords are not the same.")).toBeVisible();
  await page.getByLabel("Repeat the new password").fill("fresh-password-1");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/login\?notice=password-reset/);
  await expect(page.getByRole("status")).toHaveText("Your password was reset. Sign in with the new one.");

  // The old password no longer works, the new one does.
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
  await signIn(page, { email, password: "fresh-password-1" });

  // The link worked once.
  await page.goto(path);
  await expect(page.getByTestId("reset-error")).toContainText("already used or has expired");
});

test("sign out everywhere ends the other browser's session too", async ({ browser }) => {
  const email = "alex@bloomflorists.example";
  const first = await browser.newPage();
  const second = await browser.newPage();
  await signIn(first, { email, password: DEMO_PASSWORD });
  await signIn(second, { email, password: DEMO_PASSWORD });
  await second.goto("/chatbots");
  await expect(second.getByRole("heading", { name: "My chatbots" })).toBeVisible();

  await first.goto("/settings");
  await first.getByRole("button", { name: "Sign out everywhere" }).click();
  await first.getByRole("dialog").getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(first).toHaveURL(/\/login/);

  await second.goto("/chatbots");
  await expect(second).toHaveURL(/\/login/);
  await first.close();
  await second.close();
});

test("the profile name is saved, and leaving with unsaved changes asks first", async ({ page }) => {
  await signIn(page, { email: "chris@peakfitness.example", password: DEMO_PASSWORD });
  await page.goto("/settings");
  const name = page.getByLabel("Name", { exact: true });
  // A name other than the one saved (a retried test finds its first try's).
  const next = (await name.inputValue()) === "Chris J. Jordan" ? "Chris Jordan" : "Chris J. Jordan";
  await name.fill(next);
  await expect(page.getByText("Unsaved changes")).toBeVisible();

  // In-app navigation is guarded: dismissing the question keeps the page.
  page.once("dialog", (dialog) => void dialog.dismiss());
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Chatbots" }).click();
  await expect(page).toHaveURL(/\/settings$/);

  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(page.getByTestId("current-user-name")).toHaveText(next);
  const row = (await e2eSql(`SELECT name FROM users WHERE email = 'chris@peakfitness.example'`)).rows[0] as { name: string };
  expect(row.name).toBe(next);

  await name.fill("   ");
  await expect(page.getByText("The name field is required.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save profile" })).toBeDisabled();
});
