import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { createChatbotInDialog, logIn, OWNER } from "./helpers";

/** A small website on 127.0.0.1, served by the spec itself, for the server's crawler (CRAWLER_ALLOW_PRIVATE_NETWORKS in playwright.config.ts). */
const PAGES: Record<string, { title: string; text: string; links: string[] }> = {
  "/": { title: "Lighthouse Bakery", text: "Lighthouse Bakery bakes sourdough bread and cinnamon buns every morning from six o'clock in the harbour.", links: ["/menu", "/visit"] },
  "/menu": { title: "Menu", text: "Our menu has rye sourdough, seeded spelt loaves, cardamom knots and a lemon drizzle cake on Saturdays.", links: ["/"] },
  "/visit": { title: "Visit us", text: "Find us at the end of the pier. We are open Tuesday to Sunday and closed on Mondays for baking classes.", links: ["/"] },
};

let server: http.Server;
let base: string;

test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    const p = PAGES[req.url ?? ""];
    if (!p) {
      res.writeHead(404).end("Not found");
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html><head><title>${p.title}</title></head><body><nav>${p.links.map((l) => `<a href="${l}">${l}</a>`).join(" ")}</nav><main><h1>${p.title}</h1><p>${p.text}</p><p>${p.text}</p></main></body></html>`);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((r) => server.close(() => r())));

test("add a website in the dashboard and watch it become trained", async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, OWNER);
  await createChatbotInDialog(page, `Bakery bot ${Date.now()}`);
  await page.getByRole("link", { name: "Sources" }).click();
  await expect(page.getByText("No sources yet")).toBeVisible();

  // A bad address is refused with the field named, then the real one is added.
  await page.getByRole("group", { name: "Add a source" }).getByRole("button", { name: "Website" }).click();
  const add = page.getByRole("dialog", { name: "Add a website" });
  await add.getByLabel("Website address").fill("ftp://example.com");
  await add.getByRole("button", { name: "Add and train" }).click();
  await expect(add.getByText(/starting with http/)).toBeVisible();
  await add.getByLabel("Website address").fill(`${base}/`);
  await add.getByRole("button", { name: "Add and train" }).click();
  await expect(add).toBeHidden();

  const row = page.locator('tr[data-type="website"]');
  await expect(row).toContainText(`${base}/`);
  await expect(row).toContainText("Trained", { timeout: 60_000 });
  await expect(row.getByTestId("website-progress")).toHaveText("3 of 3 pages indexed");
  await expect(page.getByTestId("sources-live")).toHaveText("All sources are up to date.");
  await page.screenshot({ path: "test-results/sources-desktop.png", fullPage: true });

  // The website's pages, grouped under it.
  await row.getByRole("button", { name: "Show 3 pages" }).click();
  await expect(page.locator('tr[data-type="page"]')).toHaveCount(3);
  await expect(page.locator('tr[data-type="page"]').filter({ hasText: "Menu" })).toContainText("Trained");

  // Detail of one page: its extracted text and passage count.
  await page.getByRole("button", { name: "Details of Menu" }).click();
  const detail = page.getByRole("dialog", { name: "Menu" });
  await expect(detail.getByRole("region", { name: "Extracted text" })).toContainText("cardamom knots");
  await expect(detail.getByTestId("detail-chunks")).not.toHaveText("0");
  await detail.getByRole("button", { name: "Close" }).click();

  // Small screens: no horizontal page scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: "test-results/sources-mobile.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Retrain, then delete with confirmation: the pages go with the website.
  await row.getByRole("button", { name: /^Retrain/ }).click();
  await expect(row).toContainText("Trained", { timeout: 60_000 });
  await row.getByRole("button", { name: /^Delete/ }).click();
  const confirm = page.getByRole("dialog", { name: "Delete source?" });
  await expect(confirm).toContainText("including every page of the website");
  await confirm.getByRole("button", { name: "Delete source" }).click();
  await expect(page.getByText("No sources yet")).toBeVisible();
});
