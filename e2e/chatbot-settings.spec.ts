import { expect, test } from "@playwright/test";
import { demoToken, HARBOR_MEMBER, logIn, openChatbot, OWNER } from "./helpers";

test("change the welcome message and temperature, save, and read them back from the REST API", async ({ page, request }) => {
  await logIn(page, OWNER);
  const id = await openChatbot(page, "Bloom Assistant");

  const welcome = page.getByLabel("Welcome message");
  await expect(welcome).not.toHaveValue("");
  const message = `Hello from the e2e test ${Date.now()} 🌼`;
  await welcome.fill(message);
  await page.getByLabel("Temperature").fill("0.65");
  await expect(page.getByText("You have unsaved changes.")).toBeVisible();
  // The live preview follows the form.
  await expect(page.getByTestId("widget-preview")).toContainText(message);

  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();

  const res = await request.get(`/v1/${id}`, { headers: { Authorization: `Bearer ${demoToken()}` } });
  expect(res.status()).toBe(200);
  const settings = await res.json();
  expect(settings).toMatchObject({ id, welcome_message: message, temperature: 0.65, name: "Bloom Assistant" });

  // Saved for good: a reload shows the stored values.
  await page.reload();
  await expect(page.getByLabel("Welcome message")).toHaveValue(message);
  await expect(page.getByLabel("Temperature")).toHaveValue("0.65");
});

test("invalid values are explained next to their field and nothing is saved", async ({ page, request }) => {
  await logIn(page, OWNER);
  const id = await openChatbot(page, "Peak Coach");
  const before = await (await request.get(`/v1/${id}`, { headers: { Authorization: `Bearer ${demoToken()}` } })).json();

  await page.getByLabel("Temperature").fill("5");
  await page.getByLabel("Accent color", { exact: true }).fill("url(https://evil.example/x.png)");
  await page.getByRole("button", { name: "Save settings" }).click();

  await expect(page.getByText("The temperature field must not be greater than 2.")).toBeVisible();
  await expect(page.getByText(/The accent color field must be a hex color/)).toBeVisible();
  await expect(page.getByLabel("Temperature")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert").filter({ hasText: "Some settings are not valid" })).toBeVisible();

  const after = await (await request.get(`/v1/${id}`, { headers: { Authorization: `Bearer ${demoToken()}` } })).json();
  expect(after).toMatchObject({ temperature: before.temperature, accent_color: before.accent_color, updated_at: before.updated_at });
});

test("a workspace member sees the settings read-only", async ({ page }) => {
  await logIn(page, HARBOR_MEMBER);
  await openChatbot(page, "Harbor Dental Help");
  await expect(page.getByTestId("read-only-notice")).toBeVisible();
  await expect(page.getByText("Read only", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Welcome message")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Save settings" })).toHaveCount(0);

  await page.getByRole("link", { name: "Suggested messages" }).click();
  await expect(page.getByTestId("suggested-message").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Add suggested message" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Delete / })).toHaveCount(0);
});
