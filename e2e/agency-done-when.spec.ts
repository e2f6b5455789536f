import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { e2eSql } from "./helpers";
import { publishTxt } from "../tests/helpers/dns-server";
import { linkIn, waitForMail } from "./mail-sink";
import { AGENCY_OWNER, signIn } from "./portal-fixtures";

/**
 * The agency's cockpit and the client's home, end to end, as a new owner and client admin would do it: the owner sets a
 * custom domain and verifies it (and its sending domain) against the local DNS server,
 * invites a client whose e-mail arrives From the agency's domain with its brand, the
 * client's admin joins and sees their credits, and the audit log shows all of it;
 * axe finds nothing serious and nothing scrolls sideways at 390 px on the way.
 */
const DOMAIN = "portal.done-when.test";
// The runner's DNS server answers from this file (playwright.config.ts).
const DNS_TABLE = process.env.E2E_DNS_TABLE!;

test.afterAll(async () => {
  await e2eSql(
    `UPDATE teams SET custom_domain = NULL, custom_domain_token = NULL, custom_domain_verified_at = NULL, mail_sender_verified_at = NULL, brand_name = NULL
      WHERE custom_domain = $1`,
    [DOMAIN],
  );
});

async function checkPage(page: Page, what: string) {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect.soft(serious, `${what} at ${viewport.width} px`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect.soft(overflow, `sideways scroll on ${what} at ${viewport.width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("an owner sets and verifies a custom domain, invites a client From it, the client's admin sees credits, the audit log shows it", async ({ page, browser }) => {
  // The longest journey (two browsers, DNS, mail): on a busy machine it outgrows the default minute.
  test.slow();
  await signIn(page, AGENCY_OWNER);
  await page.goto("/settings");
  const brandForm = page.getByRole("form", { name: "Brand" });
  await brandForm.getByLabel("Brand name").fill("Done When Digital");
  await brandForm.getByLabel("Support e-mail").fill("help@done-when.test");
  await brandForm.getByRole("button", { name: "Save brand" }).click();
  await expect(brandForm.getByRole("status")).toHaveText("Saved.");

  const domainForm = page.getByRole("form", { name: "Custom domain" });
  await domainForm.getByLabel("Domain").fill(DOMAIN);
  await domainForm.getByRole("button", { name: "Save domain" }).click();
  const record = page.getByTestId("dns-record");
  await expect(record).toBeVisible();
  await checkPage(page, "settings, domain not verified");
  const name = (await record.locator("code").nth(0).textContent())!;
  const value = (await record.locator("code").nth(1).textContent())!;
  expect(name).toBe(`_acp-verify.${DOMAIN}`);

  // Not published yet: the page says what the DNS server answered.
  await page.getByRole("button", { name: "Verify domain" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "no TXT record was found" })).toBeVisible();
  publishTxt(DNS_TABLE, name, [value]);
  await page.getByRole("button", { name: "Verify domain" }).click();
  await expect(page.getByRole("heading", { name: /Custom domain\s*Verified/ })).toBeVisible();

  // The sending domain: the DKIM record, then mail From the agency's domain.
  const sender = page.getByTestId("mail-sender");
  await expect(sender).toContainText("E-mails now go from the platform's address with your name");
  await checkPage(page, "settings, sending domain not verified");
  const dkimName = (await sender.locator("code").nth(0).textContent())!;
  const dkimValue = (await sender.locator("code").nth(1).textContent())!;
  expect(dkimName).toBe(`acp._domainkey.${DOMAIN}`);
  publishTxt(DNS_TABLE, dkimName, [dkimValue]);
  await page.getByRole("button", { name: "Verify sending domain" }).click();
  await expect(sender).toHaveText(`E-mails go from no-reply@${DOMAIN}, signed for your domain.`);
  await checkPage(page, "settings, all verified");

  // A new client with an invitation for its admin.
  const clientName = `Done When Client ${Date.now()}`;
  const email = `admin-${Date.now()}@done-when-client.test`;
  await page.goto("/clients/new");
  const form = page.getByRole("form", { name: "New client" });
  await form.getByLabel("Client name").fill(clientName);
  await form.getByLabel("Monthly message limit").fill("12000");
  await form.getByLabel("Invitation email").fill(email);
  await form.getByRole("button", { name: "Create client" }).click();
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
  await checkPage(page, "the new client's page with its pending invitation");

  const mail = await waitForMail(email, /invited to .* on Done When Digital/);
  // (The decoded text joins the DKIM header's last line to the next one: the raw message has them apart.)
  expect(mail.text).toMatch(/From: "?Done When Digital"? <no-reply@portal\.done-when\.test>/);
  expect(mail.text).toMatch(/^Reply-To: help@done-when\.test/m);
  expect(mail.text).toMatch(/^DKIM-Signature:[\s\S]*d=portal\.done-when\.test;[\s\S]*s=acp;/m);
  expect(mail.text).not.toContain("Agency Chatbot Platform");
  const link = linkIn(mail, "/invitations/accept");
  expect(link.startsWith(`https://${DOMAIN}/invitations/accept?token=`)).toBe(true);

  // The client's admin follows the link (on this host: the test browser cannot resolve the agency's domain) and joins.
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await client.goto(new URL(link).pathname + new URL(link).search);
  await client.getByLabel("Your name").fill("Dana Admin");
  await client.getByLabel("Password").fill("a-long-enough-password-1");
  await client.getByRole("button", { name: "Create account and join" }).click();
  await client.waitForURL(/\/home/);
  await expect(client.getByRole("heading", { name: "Message credits" })).toBeVisible();
  await checkPage(client, "the client admin's home");
  await clientContext.close();

  // The audit log shows it all, newest first.
  await page.goto("/audit-log");
  const log = page.getByRole("main");
  for (const what of ["Brand changed", "Custom domain set", "Custom domain verified", "Sending domain verified", "Client created", "Invitation sent"]) {
    await expect(log.getByRole("row").filter({ hasText: what }).first(), what).toBeVisible();
  }
  await checkPage(page, "the audit log");
});
