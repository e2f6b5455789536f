import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { e2eSql } from "./helpers";
import { waitForMail, type SunkMail } from "./mail-sink";
import { AGENCY_OWNER, CLIENT_ADMIN, signIn } from "./portal-fixtures";

/**
 * The value report's "Done when", as a new user meets it: when the workers started, the schedule
 * e-mailed every demo client's admins last month's report in the agency's brand with the PDF; a client
 * admin follows "Answer this", saves the answer, and the widget now gives it; the agency's report lists
 * every client with its runway.
 */
const now = new Date();
const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
const LABEL = last.toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

async function noSeriousAxeIssues(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect.soft(serious, what).toEqual([]);
}

const answerLinks = (mail: SunkMail) => [...mail.text.matchAll(/https?:\/\/[^\s"<>]*\/chatbots\/([0-9a-f-]{36})\/finetunes\?answer=[^\s"<>]+/g)].map((m) => ({ url: new URL(m[0]), chatbotId: m[1]! }));

test("the demo's clients get last month's report by e-mail; a client admin answers a question from it and the widget gives the answer; the agency report lists every client with its runway", async ({ page }) => {
  const { rows: admins } = await e2eSql(
    `SELECT u.email, t.name FROM memberships m JOIN users u ON u.id = m.user_id JOIN teams t ON t.id = m.team_id JOIN teams a ON a.id = t.agency_id
      WHERE t.kind = 'client' AND t.deleted_at IS NULL AND t.created_at < $1 AND m.role = 'admin' AND u.id <> a.owner_id ORDER BY t.name`,
    [last],
  );
  expect(admins.length).toBeGreaterThanOrEqual(4);
  const mails = new Map<string, SunkMail>();
  for (const { email, name } of admins as { email: string; name: string }[]) {
    const mail = await waitForMail(email, new RegExp(`^${name}: your ${LABEL} report from Northwind Digital$`), { timeoutMs: 60_000 });
    expect(mail.text).toMatch(/^From: "?Northwind Digital"? </m);
    expect(mail.text).toContain("Content-Type: application/pdf");
    expect(mail.text).toContain("cid:conversations");
    expect(mail.text).not.toContain("Agency Chatbot Platform");
    mails.set(email, mail);
  }

  // The client admin follows "Answer this" for a question of an agent that is on, and saves an answer.
  const links = answerLinks(mails.get(CLIENT_ADMIN.email)!);
  const { rows: on } = await e2eSql(`SELECT id::text FROM chatbots WHERE id = ANY($1::uuid[]) AND enabled AND deleted_at IS NULL`, [links.map((l) => l.chatbotId)]);
  const link = links.find((l) => on.some((r: { id: string }) => r.id === l.chatbotId))!;
  await signIn(page, CLIENT_ADMIN);
  await page.goto(link.url.pathname + link.url.search);
  const dialog = page.getByRole("dialog", { name: "Add updated answer" });
  await expect(dialog.getByLabel("Question")).not.toHaveValue("");
  const question = await dialog.getByLabel("Question").inputValue();
  const answer = "From the report: call us on 555-0100 and we sort it out the same day.";
  await dialog.getByLabel("Answer").fill(answer);
  await dialog.getByRole("button", { name: "Add answer" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("updated-answer").first()).toContainText(answer);

  // The same question, asked in the widget's chat: the new answer.
  await page.goto(`/chat/${link.chatbotId}`);
  await page.getByRole("textbox", { name: "Message" }).fill(question);
  await page.getByRole("textbox", { name: "Message" }).press("Enter");
  await expect(page.getByRole("log")).toContainText(answer);

  // The client's home shows the latest report without that question among the open ones.
  await page.goto("/home");
  await expect(page.getByTestId("latest-report")).toContainText(`Your ${LABEL} report`);
  await expect(page.getByTestId("latest-report").getByTestId("unanswered-cluster").filter({ hasText: question })).toHaveCount(0);
  await noSeriousAxeIssues(page, "client home with its report");

  // The agency's report: every client, each with its runway.
  await page.context().clearCookies();
  await signIn(page, AGENCY_OWNER);
  await page.goto("/clients");
  await page.getByRole("link", { name: "Agency report" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Agency report" })).toBeVisible();
  const { rows: clients } = await e2eSql(`SELECT t.name FROM teams t JOIN teams a ON a.id = t.agency_id JOIN users u ON u.id = a.owner_id WHERE u.email = $1 AND t.kind = 'client' AND t.deleted_at IS NULL`, [AGENCY_OWNER.email]);
  const rows = page.getByTestId("agency-report-row");
  await expect(rows).toHaveCount(clients.length);
  for (const { name } of clients as { name: string }[]) await expect(rows.filter({ hasText: name }).getByTestId("runway")).toHaveText(/^(\d[\d,]* days|—)$/);
  await expect(rows.filter({ hasText: "Bloom Florists" }).getByTestId("runway")).toHaveText(/days/);
  await noSeriousAxeIssues(page, "agency report");
});
