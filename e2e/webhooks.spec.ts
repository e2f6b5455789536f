import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { startReceiver } from "../tests/helpers/https-receiver";
import { HARBOR_MEMBER, logIn, OWNER } from "./helpers";
import { RECEIVER_CERT, RECEIVER_KEY, receiverPort } from "./receiver-tls";

/**
 * Webhook endpoints from the dashboard, delivered for real: an HTTPS receiver
 * runs inside this spec on a fixed port with the certificate the app was
 * started to trust (playwright.config.ts: WEBHOOK_CA_CERTS,
 * WEBHOOK_ALLOW_PRIVATE_NETWORKS, a short WEBHOOK_RETRY_SCHEDULE).
 */
let receiver: Awaited<ReturnType<typeof startReceiver>>;

test.beforeAll(async () => {
  receiver = await startReceiver({
    port: receiverPort(),
    tls: { cert: readFileSync(RECEIVER_CERT, "utf8"), key: readFileSync(RECEIVER_KEY, "utf8") },
  });
});

test.afterAll(async () => {
  await receiver?.close();
});

/** Adds an endpoint through the form; answers its signing secret from the panel shown once. */
async function addEndpoint(page: Page, url: string, events: "all" | string[]): Promise<string> {
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const dialog = page.getByRole("dialog", { name: "Add endpoint" });
  await dialog.getByLabel("Endpoint URL").fill(url);
  if (events !== "all") {
    await dialog.getByLabel("All events (including future ones)").uncheck();
    for (const event of events) await dialog.getByLabel(event, { exact: true }).check();
  }
  await dialog.getByRole("button", { name: "Add endpoint" }).click();
  await expect(dialog).toBeHidden();
  const panel = page.getByTestId("new-webhook-secret");
  await expect(panel).toContainText("Copy this signing secret now. You won't be able to see it again.");
  const secret = (await panel.getByTestId("new-webhook-secret-value").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^whsec_/);
  return secret;
}

function deliveryRows(page: Page) {
  return page.getByRole("table", { name: "Deliveries" }).locator("tbody > tr[data-delivery-id]");
}

test("add an endpoint, send a test event and watch it delivered, resend, edit, deactivate and delete", async ({ page }) => {
  const path = `/hooks/${Date.now()}`;
  const url = receiver.url(path);
  await logIn(page, OWNER);
  await page.getByRole("link", { name: "Webhooks" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();

  // The form refuses a plain http:// URL next to the field.
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const dialog = page.getByRole("dialog", { name: "Add endpoint" });
  await dialog.getByLabel("Endpoint URL").fill("http://example.com/hook");
  await dialog.getByRole("button", { name: "Add endpoint" }).click();
  await expect(dialog.getByText("The url field must be an https:// URL.")).toBeVisible();
  await expect(dialog.getByLabel("Endpoint URL")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  const secret = await addEndpoint(page, url, ["lead.captured", "escalation.created"]);
  const row = page.getByRole("table", { name: "Webhook endpoints" }).getByRole("row").filter({ hasText: url });
  await expect(row).toContainText("lead.captured");
  await expect(row).toContainText("escalation.created");
  await expect(row).toContainText("Active");

  // The secret is gone after a reload: it was shown once.
  await page.reload();
  await expect(page.getByTestId("new-webhook-secret")).toHaveCount(0);
  await page.getByRole("link", { name: url }).click();
  await expect(page).toHaveURL(/\/webhooks\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: url })).toBeVisible();
  await expect(page.getByText("No deliveries yet — send a test event")).toBeVisible();

  // A test event reaches the receiver, signed, and the log turns "Delivered" by itself.
  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(deliveryRows(page)).toHaveCount(1);
  const delivery = deliveryRows(page).first();
  await expect(delivery).toHaveAttribute("data-state", "delivered", { timeout: 20_000 });
  await expect(delivery.getByText("Delivered", { exact: true })).toBeVisible();
  await expect(delivery).toContainText("webhook.test");
  await expect(delivery).toContainText("200");
  const deliveryId = await delivery.getAttribute("data-delivery-id");

  expect(receiver.at(path)).toHaveLength(1);
  const received = receiver.at(path)[0]!;
  expect(received.headers["webhook-id"]).toBe(deliveryId);
  const payload = new Webhook(secret).verify(received.body, received.headers) as { id: string; event: string };
  expect(payload).toMatchObject({ id: deliveryId, event: "webhook.test" });

  // Opening the row shows the payload; Resend is a new attempt of the same delivery id.
  await delivery.click();
  const details = page.getByTestId("delivery-details");
  await expect(details.getByTestId("delivery-payload")).toContainText(`"id": "${deliveryId}"`);
  await expect(details.getByTestId("delivery-payload")).toContainText(`"event": "webhook.test"`);
  await details.getByRole("button", { name: "Resend" }).click();
  await expect.poll(() => receiver.at(path).length, { timeout: 20_000 }).toBe(2);
  expect(receiver.at(path)[1]!.headers["webhook-id"]).toBe(deliveryId);
  await expect(deliveryRows(page)).toHaveCount(1);
  await expect(delivery).toHaveAttribute("data-state", "delivered", { timeout: 20_000 });
  await expect(delivery.locator("td").nth(2)).toHaveText("2");

  // Edit: all events from now on; the secret stays the same.
  await page.getByLabel("All events (including future ones)").check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Changes saved.")).toBeVisible();
  await expect(page.getByTestId("webhook-summary")).toContainText("All events");

  // Deactivate (confirmed), then activate again.
  await page.getByRole("button", { name: "Deactivate" }).click();
  const confirm = page.getByRole("dialog", { name: "Deactivate this endpoint?" });
  await expect(confirm).toContainText("not sent");
  await confirm.getByRole("button", { name: "Deactivate" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId("webhook-status")).toHaveText("Inactive");
  await expect(page.getByRole("button", { name: "Send test event" })).toBeDisabled();
  await page.getByRole("button", { name: "Activate", exact: true }).click();
  await expect(page.getByTestId("webhook-status")).toHaveText("Active");
  await expect(page.getByRole("button", { name: "Send test event" })).toBeEnabled();

  // Delete (confirmed): back on the list, without the endpoint.
  await page.getByRole("button", { name: "Delete endpoint" }).click();
  await page.getByRole("dialog", { name: "Delete this endpoint?" }).getByRole("button", { name: "Delete endpoint" }).click();
  await expect(page).toHaveURL(/\/webhooks$/);
  await expect(page.getByRole("link", { name: url })).toHaveCount(0);
});

test("a receiver that keeps failing: the delivery retries, then shows Failed with its last error", async ({ page }) => {
  const path = `/failing/${Date.now()}`;
  receiver.reply(path, () => ({ status: 500, body: "boom" }));
  await logIn(page, OWNER);
  await page.goto("/webhooks");
  await addEndpoint(page, receiver.url(path), "all");
  await page.getByRole("link", { name: "Open endpoint" }).click();
  await expect(page.getByRole("heading", { level: 1, name: receiver.url(path) })).toBeVisible();

  await page.getByRole("button", { name: "Send test event" }).click();
  const delivery = deliveryRows(page).first();
  // WEBHOOK_RETRY_SCHEDULE=0,1,2: three attempts about a second apart, then "(retries exhausted)".
  await expect(delivery).toHaveAttribute("data-state", "failed", { timeout: 30_000 });
  await expect(delivery.getByText("Failed", { exact: true })).toBeVisible();
  await expect(delivery).toContainText("500");
  expect(receiver.at(path)).toHaveLength(3);
  await delivery.click();
  await expect(page.getByTestId("delivery-details")).toContainText("(retries exhausted)");
  await expect(page.getByTestId("deliveries-live")).toHaveText("");
});

test("a user without an agency plan has no Webhooks link, and the page is a 404 with a way back", async ({ page }) => {
  await logIn(page, HARBOR_MEMBER);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Chatbots" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Webhooks" })).toHaveCount(0);
  const response = await page.goto("/webhooks");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add endpoint" })).toHaveCount(0);
});
