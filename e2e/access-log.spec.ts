import { expect, test } from "@playwright/test";
import { e2eSql } from "./helpers";
import { AGENCY_OWNER, CLIENT_ADMIN, signIn } from "./portal-fixtures";

/**
 * The agency's access made visible (docs/decisions/125-redaction-and-the-agencys-visits.md): the agency
 * owner opens a client's inbox; the client's admin finds that visit on the Access log page, sets "Ask
 * first" with the keyboard; the owner is refused with a Request access action, and the admin's grant
 * opens the inbox again.
 */
test("the client admin sees the agency owner's visit and makes the agency ask first", async ({ page, browser }) => {
  const harbor = (await e2eSql(`SELECT t.id, c.id AS chatbot_id FROM teams t JOIN chatbots c ON c.team_id = t.id AND c.deleted_at IS NULL
                                  WHERE t.name = 'Harbor Dental' AND t.kind = 'client' ORDER BY c.name LIMIT 1`)).rows[0] as { id: string; chatbot_id: string };
  const inbox = `/chatbots/${harbor.chatbot_id}/inbox`;
  const adminPage = await (await browser.newContext()).newPage();
  try {
    await signIn(page, AGENCY_OWNER);
    const inboxRead = () => page.waitForResponse((r) => r.url().includes("conversations.inbox"));
    let read = inboxRead();
    await page.goto(inbox);
    expect((await read).status()).toBe(200);

    await signIn(adminPage, CLIENT_ADMIN);
    await adminPage.goto(`/team/${harbor.id}`);
    await adminPage.getByRole("link", { name: "Access log" }).click();
    await expect(adminPage.getByRole("heading", { level: 1 })).toHaveText("Access log · Harbor Dental");
    const visit = adminPage.getByTestId("audit-entry").filter({ hasText: "Viewed conversations" }).first();
    await expect(visit).toContainText("Dana Demo");

    // Keyboard only: focus the "Open" choice, move to "Ask first" with the arrow key.
    await adminPage.getByRole("radio", { name: /^Open/ }).focus();
    await adminPage.keyboard.press("ArrowDown");
    await expect(adminPage.getByRole("radio", { name: /^Ask first/ })).toBeChecked();

    await page.reload();
    await page.getByRole("button", { name: "Request access" }).click();
    await expect(page.getByRole("status")).toContainText("Access requested");

    await adminPage.reload();
    await adminPage.getByRole("button", { name: "Grant for 24 hours" }).click();
    await expect(adminPage.getByRole("list", { name: "Access requests" })).toContainText("granted until");

    read = inboxRead();
    await page.reload();
    expect((await read).status()).toBe(200);
    await expect(page.getByRole("button", { name: "Request access" })).toHaveCount(0);
  } finally {
    // The demo workspace is shared by every spec: it goes back to open.
    await e2eSql(`UPDATE teams SET agency_access = 'open' WHERE id = $1`, [harbor.id]);
    await e2eSql(`DELETE FROM agency_access_requests WHERE team_id = $1`, [harbor.id]);
    await adminPage.context().close();
  }
});
