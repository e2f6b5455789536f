import { expect, test } from "@playwright/test";
import { demoToken, logIn, OWNER } from "./helpers";

/**
 * HubSpot as a new user tries it (docs/decisions/077-hubspot-crm.md): a client workspace with HubSpot enabled connects its
 * private-app token in the chatbot's settings (verified against the local HubSpot of playwright.config.ts),
 * a visitor of the share page chats and leaves their details, and the lead appears as a contact on the
 * HubSpot server with the conversation attached, and as "In HubSpot" on the Contacts page.
 */
const HUBSPOT = process.env.E2E_HUBSPOT_URL!;
const TOKEN = "pat-na1-test-token";

async function hubspotContact(email: string): Promise<{ properties: Record<string, string>; notes: number } | null> {
  const res = await fetch(`${HUBSPOT}/crm/v3/objects/contacts/${encodeURIComponent(email)}?idProperty=email`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  return res.ok ? ((await res.json()) as { properties: Record<string, string>; notes: number }) : null;
}

test("connect HubSpot, a lead from the share page becomes a HubSpot contact with its conversation", async ({ page, request, browser }) => {
  const created = await request.post("/v1/agency/clients", {
    headers: { Authorization: `Bearer ${demoToken()}`, "Idempotency-Key": crypto.randomUUID() },
    data: { name: `CRM Shop ${Date.now()}`, enabled_integrations: ["crm_1"], chatbot: { name: "CRM Bot" } },
  });
  expect(created.status()).toBe(201);
  const chatbotId = ((await created.json()) as { chatbot: { id: string } }).chatbot.id;

  await logIn(page, OWNER);
  await page.goto(`/chatbots/${chatbotId}/settings`);
  const token = page.getByLabel("Private-app token");
  await token.fill("pat-wrong-token");
  await page.getByRole("button", { name: "Connect HubSpot" }).click();
  await expect(page.getByText(/HubSpot rejected this token \(401\)/)).toBeVisible();
  await token.fill(TOKEN);
  await page.getByRole("button", { name: "Connect HubSpot" }).click();
  await expect(page.getByTestId("hubspot-status")).toContainText("Connected to HubSpot account 4242");
  await page.getByTestId("hubspot-status").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/hubspot-settings-desktop.png" });

  // The visitor asks a question, then leaves their details.
  const email = `lead-${Date.now()}@visitor.example`;
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/chat/${chatbotId}`);
  await visitor.getByRole("textbox", { name: "Message" }).fill("Do you deliver on Sundays?");
  await visitor.getByRole("textbox", { name: "Message" }).press("Enter");
  await expect(visitor.getByRole("log")).toContainText("Do you deliver on Sundays?");
  await visitor.getByRole("button", { name: "Leave your details", exact: true }).click();
  await visitor.getByLabel("Your name").fill("Rita Reis");
  await visitor.getByLabel("Your e-mail").fill(email);
  await visitor.getByRole("button", { name: "Send", exact: true }).click();
  await expect(visitor.getByRole("log")).toContainText("Thank you!");
  await visitor.context().close();

  await expect.poll(() => hubspotContact(email), { timeout: 30_000 }).toMatchObject({ properties: { email, firstname: "Rita", lastname: "Reis" }, notes: 1 });

  await page.getByRole("navigation", { name: "Chatbot sections" }).getByRole("link", { name: "Contacts" }).click();
  await expect(page.getByTestId("contact-crm-sync").first()).toContainText("In HubSpot", { timeout: 20_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/hubspot-contacts-mobile.png", fullPage: true });
});
