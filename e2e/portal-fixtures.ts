import { expect, type Page } from "@playwright/test";

/** Demo users (scripts' demo seed): the agency owner, Harbor Dental's admin and its read-only member. */
export const DEMO_PASSWORD = "demo-password";
export const AGENCY_OWNER = { email: "owner@demo.agency", password: DEMO_PASSWORD };
export const CLIENT_ADMIN = { email: "maya@harbordental.example", password: DEMO_PASSWORD };
export const CLIENT_MEMBER = { email: "sam@harbordental.example", password: DEMO_PASSWORD };

/**
 * Signs in without the form: next-auth's credentials callback, called with the
 * page's own request context, so the session cookie lands in the browser.
 */
export async function signIn(page: Page, user: { email: string; password: string }) {
  const { csrfToken } = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const response = await page.request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: user.email, password: user.password, json: "true" },
    maxRedirects: 0,
  });
  expect(response.status(), `sign in as ${user.email}`).toBeLessThan(400);
  const cookies = await page.context().cookies();
  expect(cookies.some((c) => c.name.includes("next-auth.session-token")), `session cookie for ${user.email}`).toBe(true);
}
