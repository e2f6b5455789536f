import { expect, test } from "@playwright/test";
import { demoToken, e2eSql } from "./helpers";
import { AGENCY_OWNER, CLIENT_ADMIN, CLIENT_MEMBER, signIn } from "./portal-fixtures";

/**
 * Lifecycle in the portal (docs/decisions/034-client-lifecycle.md): an agency owner sets a client's
 * low-credit alert, archives, restores and deletes it; a workspace admin
 * deletes a chatbot (a member has no such button); reordering suggested
 * messages keeps keyboard focus. Results are checked on screen and in the
 * database.
 */
const row = async <T>(sql: string, params: unknown[] = []) => (await e2eSql(sql, params)).rows[0] as T;

async function harbor() {
  return row<{ id: string; owner_id: string }>(`SELECT id, owner_id FROM teams WHERE name = 'Harbor Dental' AND kind = 'client'`);
}

async function newChatbot(name: string) {
  const team = await harbor();
  return (await row<{ id: string }>(`INSERT INTO chatbots (team_id, user_id, name) VALUES ($1, $2, $3) RETURNING id`, [team.id, team.owner_id, name])).id;
}

test("an agency owner sets a client's alert, archives, restores and deletes it, by keyboard", async ({ page, request }) => {
  const name = `Lifecycle Co ${Date.now()}`;
  const created = await request.post("/v1/agency/clients", {
    headers: { Authorization: `Bearer ${demoToken()}`, "Idempotency-Key": `lifecycle-${Date.now()}` },
    data: { name, chatbot: { name: "Lifecycle bot" } },
  });
  expect(created.status()).toBe(201);
  const clientId = ((await created.json()) as { client: { id: string } }).client.id;
  await signIn(page, AGENCY_OWNER);
  await page.goto(`/clients/${clientId}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // Low-credit alert: validated, saved, shown as a badge.
  const threshold = page.getByLabel("Alert when remaining credits fall to");
  await threshold.fill("-5");
  await threshold.press("Enter");
  await expect(page.getByText("Enter a whole number of messages, or leave it empty for no alert.")).toBeVisible();
  await threshold.fill("250");
  await threshold.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(page.getByText("At 250 credits")).toBeVisible();
  expect((await row<{ low_credit_threshold: number }>(`SELECT low_credit_threshold FROM teams WHERE id = $1`, [clientId])).low_credit_threshold).toBe(250);

  // Archive: the dialog says what happens; Enter on the focused buttons only.
  await page.getByRole("button", { name: "Archive client…" }).focus();
  await page.keyboard.press("Enter");
  const archive = page.getByRole("dialog", { name: `Archive ${name}?` });
  await expect(archive).toContainText("Nothing is deleted");
  await archive.getByRole("button", { name: "Archive client" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Archived client" })).toBeVisible();
  await expect(page.getByText("Archived", { exact: true })).toBeVisible();
  expect(await row(`SELECT status::text AS status, archived_at IS NOT NULL AS archived FROM teams WHERE id = $1`, [clientId])).toEqual({ status: "suspended", archived: true });

  // Restore brings it back active; archive again to delete.
  await page.getByRole("button", { name: "Restore client…" }).click();
  await page.getByRole("dialog", { name: `Restore ${name}?` }).getByRole("button", { name: "Restore client" }).click();
  await expect(page.getByRole("heading", { name: "Archive this client" })).toBeVisible();
  expect(await row(`SELECT status::text AS status, archived_at IS NOT NULL AS archived FROM teams WHERE id = $1`, [clientId])).toEqual({ status: "active", archived: false });
  await page.getByRole("button", { name: "Archive client…" }).click();
  await page.getByRole("dialog", { name: `Archive ${name}?` }).getByRole("button", { name: "Archive client" }).click();

  // Delete: typed-name confirmation, then gone from the list and the database.
  await page.getByRole("button", { name: "Delete client…" }).click();
  const remove = page.getByRole("dialog", { name: `Delete ${name} for good?` });
  await expect(remove).toContainText("Credits are not refunded");
  await remove.getByLabel(`Type ${name} to confirm`).fill("wrong name");
  await page.keyboard.press("Enter");
  await expect(remove.getByText("The name does not match.")).toBeVisible();
  await remove.getByLabel(`Type ${name} to confirm`).fill(name);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/clients$/);
  await page.getByRole("group", { name: "Filter by status" }).getByRole("button", { name: /^Archived/ }).click();
  await expect(page.getByText(name)).toHaveCount(0);
  expect(await row(`SELECT deleted_at IS NOT NULL AS deleted, (SELECT count(*)::int FROM chatbots WHERE team_id = $1) AS bots FROM teams WHERE id = $1`, [clientId])).toEqual({
    deleted: true,
    bots: 0,
  });
  expect((await page.goto(`/clients/${clientId}`))?.status()).toBe(404);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a workspace admin deletes a chatbot after confirming; a member has no delete button", async ({ page, browser }) => {
    const name = `Doomed bot ${Date.now()}`;
    const id = await newChatbot(name);
    const member = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(member, CLIENT_MEMBER);
    await member.goto(`/chatbots/${id}/settings`);
    await expect(member.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(member.getByRole("button", { name: "Delete chatbot…" })).toHaveCount(0);
    await member.close();

    await signIn(page, CLIENT_ADMIN);
    await page.goto(`/chatbots/${id}/settings`);
    await page.getByRole("button", { name: "Delete chatbot…" }).click();
    const dialog = page.getByRole("dialog", { name: `Delete ${name}?` });
    await expect(dialog).toContainText("Credits it already used stay used");
    await dialog.getByRole("button", { name: "Delete chatbot" }).click();
    await expect(page).toHaveURL(/\/chatbots$/);
    await expect(page.getByRole("heading", { name: "My chatbots" })).toBeVisible();
    await expect(page.getByText(name)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    expect((await row<{ deleted: boolean }>(`SELECT deleted_at IS NOT NULL AS deleted FROM chatbots WHERE id = $1`, [id])).deleted).toBe(true);
  });
});

test("moving a suggested message keeps keyboard focus on it", async ({ page }) => {
  const id = await newChatbot(`Reorder bot ${Date.now()}`);
  await e2eSql(
    `INSERT INTO suggested_messages (chatbot_id, name, prompt, position) VALUES ($1, 'First', 'first?', 0), ($1, 'Second', 'second?', 1), ($1, 'Third', 'third?', 2)`,
    [id],
  );
  const order = async () => (await e2eSql(`SELECT name FROM suggested_messages WHERE chatbot_id = $1 ORDER BY position`, [id])).rows.map((r: { name: string }) => r.name);
  await signIn(page, CLIENT_ADMIN);
  await page.goto(`/chatbots/${id}/prompts`);
  const items = page.getByTestId("suggested-message");
  await expect(items).toHaveCount(3);

  // Tab from the list's start to "Move Second down", then keys only.
  await page.getByRole("button", { name: "Move First down" }).focus();
  for (let i = 0; i < 6 && !(await page.getByRole("button", { name: "Move Second down" }).evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(page.getByRole("button", { name: "Move Second down" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(items.nth(2)).toContainText("Second");
  // At the bottom its down arrow is unavailable: focus moves to its up arrow, still on the moved item.
  await expect(page.getByRole("button", { name: "Move Second up" })).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "Second moved to position 3 of 3." })).toBeAttached();
  expect(await order()).toEqual(["First", "Third", "Second"]);

  await page.keyboard.press("Space");
  await expect(items.nth(1)).toContainText("Second");
  await expect(page.getByRole("button", { name: "Move Second up" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(items.nth(0)).toContainText("Second");
  await expect(page.getByRole("button", { name: "Move Second down" })).toBeFocused();
  expect(await order()).toEqual(["Second", "First", "Third"]);
});
