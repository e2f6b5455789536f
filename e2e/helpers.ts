import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import pg from "pg";
import { signIn } from "./portal-fixtures";

export const OWNER = { email: "owner@demo.agency", password: "demo-password" };
/** The client with a long name made before every spec (e2e/long-states.setup.ts) and audited by e2e/a11y.spec.ts. */
export const LONG_CLIENT_NAME = "Wonderfully Long Client Name Incorporated Holdings International Limited Partnership";
/** A demo workspace user whose role in Harbor Dental is `member` (read-only). */
export const HARBOR_MEMBER = { email: "sam@harbordental.example", password: "demo-password" };

/**
 * Signs in without the form (next-auth's credentials callback through the
 * page's request context, e2e/portal-fixtures.ts) and opens the chatbot list:
 * specs about other screens do not pay for the login page. The form has its
 * own tests (login-and-api-tokens, hardening: logInThroughForm).
 */
export async function logIn(page: Page, user: { email: string; password: string }) {
  await signIn(page, user);
  await page.goto("/chatbots");
  await expect(page.getByRole("heading", { name: "My chatbots" })).toBeVisible();
}

/** Signs in through the login form, as a person does; lands on the chatbot list. */
export async function logInThroughForm(page: Page, user: { email: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/(home|chatbots)$/);
}

/** The demo owner's API token, written by the e2e server's first start (DATA_DIR .data/e2e). */
export function demoToken(): string {
  return readFileSync(path.resolve(".data/e2e/demo-token"), "utf8").trim();
}

/** Opens a chatbot from the list by its card (it opens on its Inbox, or Playground when new), then its settings; answers its id. */
export async function openChatbot(page: Page, name: string): Promise<string> {
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/chatbots\/[0-9a-f-]{36}\/(inbox|playground)$/);
  const id = /\/chatbots\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
  await page.goto(`/chatbots/${id}/settings`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return id;
}

/** Creates a chatbot through the "New chatbot" dialog of the chatbot list; the page lands on its settings. Answers its id. */
export async function createChatbotInDialog(page: Page, name: string, workspace = "Harbor Dental"): Promise<string> {
  await page.getByRole("button", { name: "New chatbot" }).click();
  const dialog = page.getByRole("dialog", { name: "New chatbot" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Workspace").selectOption({ label: workspace });
  await dialog.getByRole("button", { name: "Create chatbot" }).click();
  await expect(page).toHaveURL(/\/chatbots\/[0-9a-f-]{36}\/settings$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return /\/chatbots\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
}

/**
 * Runs SQL against the e2e server's embedded PostgreSQL (port from its
 * postmaster.pid): for what no screen does yet, e.g. the training worker
 * moving a source to `trained`.
 */
export async function e2eSql(sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/** The e2e server's database (its embedded PostgreSQL's port is in postmaster.pid). */
export function e2eDatabaseUrl(): string {
  const port = Number(readFileSync(path.resolve(".data/e2e/postgres/postmaster.pid"), "utf8").split("\n")[3]);
  return `postgresql://postgres:postgres@127.0.0.1:${port}/agency`;
}

/** A REST call with the demo owner's token (and an Idempotency-Key); an error status throws with the body. */
export async function demoApi(baseURL: string, method: string, route: string, body?: unknown) {
  const res = await fetch(`${baseURL}${route}`, {
    method,
    headers: { Authorization: `Bearer ${demoToken()}`, "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text}`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field by the tests
  return JSON.parse(text) as Record<string, any>;
}
