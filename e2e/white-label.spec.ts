import { expect, test, type APIRequestContext } from "@playwright/test";
import { e2eSql } from "./helpers";
import { linkIn, waitForMail } from "./mail-sink";
import { AGENCY_OWNER, signIn } from "./portal-fixtures";

/**
 * White-label (docs/decisions/033-client-portal.md): on the agency's verified custom domain (the Host
 * header) the sign-in page, the portal, invitation pages and e-mails carry the
 * agency's brand, never the platform's.
 */
const DOMAIN = "portal.brightside.test";

test.beforeAll(async () => {
  await e2eSql(`UPDATE teams SET custom_domain = $1, custom_domain_verified_at = now() WHERE kind = 'agency' AND owner_id = (SELECT id FROM users WHERE email = $2)`, [
    DOMAIN,
    AGENCY_OWNER.email,
  ]);
});

test.afterAll(async () => {
  await e2eSql(`UPDATE teams SET custom_domain = NULL, custom_domain_verified_at = NULL, brand_name = NULL, brand_accent_color = NULL, brand_support_email = NULL WHERE custom_domain = $1 OR brand_name = 'Brightside Digital'`, [DOMAIN]);
});

/** A request to 127.0.0.1 with `Host:` set, as a browser on the custom domain would send it (Chromium refuses to override Host). */
async function brandedHtml(request: APIRequestContext, path: string) {
  const response = await request.get(path, { headers: { Host: DOMAIN } });
  expect(response.status(), path).toBe(200);
  return response.text();
}

test("the agency sets its brand; its custom domain shows it on sign-in, portal, invitations and e-mails", async ({ page, playwright, baseURL }) => {
  await signIn(page, AGENCY_OWNER);
  await page.goto("/settings");
  const brandForm = page.getByRole("form", { name: "Brand" });
  await expect(page.getByRole("form", { name: "Custom domain" }).getByLabel("Domain")).toHaveValue(DOMAIN);
  await expect(page.getByRole("heading", { name: /Custom domain\s*Verified/ })).toBeVisible();
  await brandForm.getByLabel("Accent color").fill("teal");
  await brandForm.getByLabel("Brand name").fill("Brightside Digital");
  await brandForm.getByLabel("Support e-mail").fill("help@brightside.test");
  await brandForm.getByRole("button", { name: "Save brand" }).click();
  await expect(brandForm.getByText("Use a hex color like #4f46e5.")).toBeVisible();
  await brandForm.getByLabel("Accent color").fill("#0f766e");
  await brandForm.getByRole("button", { name: "Save brand" }).click();
  await expect(brandForm.getByRole("status")).toHaveText("Saved.");

  // The platform's own host keeps the platform's brand.
  await page.goto("/chatbots");
  await expect(page.getByTestId("portal-brand")).toHaveText("Agency Chatbot Platform");

  const branded = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Host: DOMAIN } });
  const login = await brandedHtml(branded, "/login");
  expect(login).toContain("<title>Sign in · Brightside Digital</title>");
  expect(login).toContain("Brightside Digital");
  expect(login).toContain("help@brightside.test");
  expect(login).not.toContain("Agency Chatbot Platform");
  expect(await brandedHtml(branded, "/forgot-password")).not.toContain("Agency Chatbot Platform");

  // The portal on the custom domain (signed in on that host).
  const { csrfToken } = (await (await branded.get("/api/auth/csrf")).json()) as { csrfToken: string };
  await branded.post("/api/auth/callback/credentials", { form: { csrfToken, ...AGENCY_OWNER, json: "true" }, maxRedirects: 0 });
  const portal = await brandedHtml(branded, "/chatbots");
  expect(portal).toContain("My chatbots");
  expect(portal).toMatch(/data-testid="portal-brand"[^>]*>.*Brightside Digital/s);
  expect(portal).not.toContain("Agency Chatbot Platform");

  // An invitation into a client workspace: e-mail and page carry the brand, the link the custom domain.
  const client = ((await e2eSql(`SELECT id FROM teams WHERE name = 'Peak Fitness' AND kind = 'client'`)).rows[0] as { id: string }).id;
  await page.goto(`/team/${client}`);
  const email = `branded-${Date.now()}@example.test`;
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: email })).toBeVisible();
  const mail = await waitForMail(email, /invited to Peak Fitness on Brightside Digital/);
  expect(mail.text).toContain("Brightside Digital");
  expect(mail.text).not.toContain("Agency Chatbot Platform");
  expect(mail.text).toMatch(/^From: "?Brightside Digital"? </m);
  expect(mail.text).toMatch(/^Reply-To: help@brightside.test/m);
  const link = linkIn(mail, "/invitations/accept");
  expect(link.startsWith(`https://${DOMAIN}/invitations/accept?token=`)).toBe(true);

  const invitation = await brandedHtml(branded, link.replace(/^https:\/\/[^/]+/, ""));
  expect(invitation).toContain("Join Peak Fitness");
  expect(invitation).toContain("Brightside Digital");
  expect(invitation).not.toContain("Agency Chatbot Platform");
  await branded.dispose();
});
