import { expect, test } from "@playwright/test";
import { stripeControl } from "../scripts/lib/stripe-stand-in";
import { demoToken, logIn, OWNER } from "./helpers";

/**
 * Rebilling as a new agency owner tries it: connect Stripe in Settings → Billing (a wrong key refused with
 * Stripe's words), create a plan with overage on the Plans page (keyboard only), subscribe a client from its
 * page, pay on the Checkout page of the local Stripe (playwright.config.ts: STRIPE_API_BASE_URL), and the
 * client is active with the plan's allowance; the Billing page shows the revenue.
 */
const STRIPE = process.env.E2E_STRIPE_URL!;

test("connect Stripe, create a plan, subscribe a client, pay on Checkout: the client is active with the plan's allowance", async ({ page, request }) => {
  // Five screens and a payment: ~20 s on a quiet machine, more on a busy one.
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const secretKey = `sk_test_e2e${run}`;
  await stripeControl(STRIPE).addAccount(secretKey, "Demo Agency Payments");
  const created = await request.post("/v1/agency/clients", { headers: { Authorization: `Bearer ${demoToken()}`, "Idempotency-Key": crypto.randomUUID() }, data: { name: `Bistro ${run}` } });
  expect(created.status()).toBe(201);
  const clientId = ((await created.json()) as { client: { id: string } }).client.id;

  await logIn(page, OWNER);
  await page.goto("/settings");
  const webhookUrl = (await page.getByLabel("Webhook URL for Stripe").textContent())!.trim();
  // In Stripe: add the endpoint for that URL, which gives its signing secret.
  const endpoint = await fetch(`${STRIPE}/v1/webhook_endpoints`, { method: "POST", headers: { Authorization: `Bearer ${secretKey}`, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ url: webhookUrl, "enabled_events[]": "*" }) });
  const { secret } = (await endpoint.json()) as { secret: string };
  await page.getByLabel("Stripe secret key").fill("sk_test_not_a_real_key");
  await page.getByLabel("Webhook signing secret").fill(secret);
  await page.getByRole("button", { name: /Connect Stripe|Save billing settings/ }).click();
  await expect(page.getByText(/Stripe refused this key: Invalid API Key provided/)).toBeVisible();
  await page.getByLabel("Stripe secret key").fill(secretKey);
  await page.getByRole("button", { name: /Connect Stripe|Save billing settings/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Connected to Demo Agency Payments" })).toBeVisible();

  // The Plans page, keyboard only.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Billing" }).click();
  await page.getByRole("navigation", { name: "Billing" }).getByRole("link", { name: "Plans" }).click();
  await page.getByLabel("Name").focus();
  await page.keyboard.type(`Bistro Growth ${run}`);
  await page.keyboard.press("Tab");
  await page.keyboard.type("49");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.type("300");
  await page.keyboard.press("Tab");
  await page.keyboard.type("2.50");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "created in Stripe" })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(`Bistro Growth ${run}`) })).toContainText("49.00 USD / month");

  // Subscribe the client from its page; the client pays on Stripe's Checkout page.
  await page.goto(`/clients/${clientId}`);
  await page.getByLabel("Plan", { exact: true }).selectOption({ label: `Bistro Growth ${run} (49.00 USD / month)` });
  await page.getByLabel("Billing e-mail").fill(`billing-${run}@bistro.example`);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByTestId("subscription-status")).toHaveText("Awaiting payment");
  const checkout = await page.getByRole("link", { name: "Open the checkout page" }).getAttribute("href");
  await page.screenshot({ path: "test-results/billing-subscribe-desktop.png", fullPage: true });
  await page.goto(checkout!);
  await expect(page.getByRole("heading", { name: "Pay Demo Agency Payments" })).toBeVisible();
  await expect(page.getByText("Total due today: 49.00 USD")).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/home\?checkout=success/);

  // Stripe's events reach the app on their own time: once it says active, the client's page does too.
  const status = async () => ((await (await request.get(`/v1/agency/clients/${clientId}/subscription`, { headers: { Authorization: `Bearer ${demoToken()}` } })).json()) as { subscription: { status: string } }).subscription.status;
  await expect.poll(status, { timeout: 30_000 }).toBe("active");
  await page.goto(`/clients/${clientId}`);
  await expect(page.getByTestId("subscription-status")).toHaveText("Active");
  const client = await request.get(`/v1/agency/clients/${clientId}`, { headers: { Authorization: `Bearer ${demoToken()}` } });
  expect(((await client.json()) as { client: { limits: { messages: number } } }).client.limits.messages).toBe(300);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/billing-client-mobile.png", fullPage: true });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/billing");
  await expect(page.getByRole("row", { name: new RegExp(`Bistro ${run}`) })).toContainText("49.00 USD");
  await expect(page.getByTestId("summary-revenue")).not.toHaveText("0.00 USD");
  await page.screenshot({ path: "test-results/billing-summary-desktop.png", fullPage: true });
});
