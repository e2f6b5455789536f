import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { demoApi, e2eSql, logIn, OWNER } from "./helpers";

/**
 * A person's data as a new user handles a request (docs/decisions/124-retention-and-a-persons-data.md): the
 * agency owner sets a client's retention (a day count the form refuses first), finds a visitor by e-mail on
 * the Contacts page, downloads their data, erases them after a confirmation, and the conversation is gone
 * from the inbox; at 390×844 too, by keyboard for the erasure.
 */
test("set a client's retention; find, export and erase a visitor from the contacts page", async ({ page, baseURL }) => {
  const made = await demoApi(baseURL!, "POST", "/v1/agency/clients", { name: `Privacy Clinic ${Date.now()}`, chatbot: { name: "Privacy Desk" } });
  const clientId = made.client.id as string;
  const chatbotId = made.chatbot.id as string;
  const email = `patient-${Date.now()}@visitor.example`;
  const { rows } = await e2eSql(`INSERT INTO visitors (chatbot_id, visitor_key) VALUES ($1, $2) RETURNING id`, [chatbotId, `v-${Date.now()}`]);
  const visitorId = rows[0].id as string;
  const conversation = await e2eSql(`INSERT INTO conversations (chatbot_id, visitor_id, source) VALUES ($1, $2, 'widget') RETURNING id`, [chatbotId, visitorId]);
  await e2eSql(`INSERT INTO messages (conversation_id, chatbot_id, role, content) VALUES ($1, $2, 'user', 'Can I move my appointment to Friday?')`, [conversation.rows[0].id, chatbotId]);
  await e2eSql(`INSERT INTO contacts (team_id, chatbot_id, visitor_id, email, first_name) VALUES ($1, $2, $3, $4, 'Pat')`, [clientId, chatbotId, visitorId, email]);

  await logIn(page, OWNER);
  await page.goto(`/clients/${clientId}`);
  const days = page.getByLabel("Keep data for (days)");
  await days.fill("0");
  await page.getByRole("button", { name: "Save retention" }).click();
  await expect(page.getByText("The data retention days must be at least 1 day.")).toBeVisible();
  await days.fill("30");
  await page.getByRole("button", { name: "Save retention" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  expect((await demoApi(baseURL!, "GET", `/v1/agency/clients/${clientId}`)).client.data_retention_days).toBe(30);

  await page.goto(`/chatbots/${chatbotId}/contacts`);
  await page.getByLabel("E-mail address, in every agent of this workspace").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const found = page.getByRole("list", { name: "Contacts found" });
  await expect(found).toContainText("Privacy Desk");
  const download = page.waitForEvent("download");
  await found.getByRole("link", { name: `Export the data of ${email}` }).click();
  const exported = JSON.parse(readFileSync((await (await download).path())!, "utf8")) as { contact: { email: string }; conversations: Array<{ messages: Array<{ content: string }> }> };
  expect(exported.contact.email).toBe(email);
  expect(exported.conversations[0]!.messages[0]!.content).toBe("Can I move my appointment to Friday?");
  await page.screenshot({ path: "test-results/privacy-contacts-desktop.png", fullPage: true });

  // The erasure by keyboard, at phone size.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("table", { name: "Contacts" }).getByRole("button", { name: `Erase ${email}` }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Erase ${email}?` });
  await expect(dialog).toContainText("deleted for good");
  await page.screenshot({ path: "test-results/privacy-erase-mobile.png" });
  await dialog.getByRole("button", { name: "Erase for good" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("No contacts yet")).toBeVisible();
  await expect(found).toHaveCount(0);

  await page.goto(`/chatbots/${chatbotId}/inbox`);
  await expect(page.getByText("Can I move my appointment to Friday?")).toHaveCount(0);
  const audit = await e2eSql(`SELECT actor_name FROM audit_log WHERE action = 'contact.erased' AND team_id = $1`, [clientId]);
  expect(audit.rows).toHaveLength(1);
});
