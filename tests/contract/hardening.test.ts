import { request as httpRequest } from "node:http";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "@/server/access/api-tokens";
import type { Db } from "@/server/kernel/db/client";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, userWithToken } from "../helpers/fixtures";
import { apiClient } from "../helpers/http";
import { startAppServer } from "../helpers/server";
import { signIn as signInOver } from "../helpers/session";

/**
 * Hardening over real HTTP against the production build: each block fails
 * without its fix (rate limits, sign-in throttle, token scope, request bounds,
 * security headers, shown-once secrets).
 */
const API_LIMIT = 40;
let db: Db;
let base: string;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  owner = await agencyOwner(db);
  base = (
    await startAppServer(created.url, {
      RATE_LIMIT_API_PER_MINUTE: String(API_LIMIT),
      SIGN_IN_FAILURES_PER_ACCOUNT: "3",
      SIGN_IN_FAILURES_PER_IP: "5",
      // The test plays the trusted reverse proxy: it says who the client is in X-Forwarded-For.
      TRUST_PROXY: "true",
    })
  ).baseUrl;
  api = apiClient(base);
});

/** A fresh token of the agency owner: each block spends its own rate-limit budget. */
async function ownerToken(): Promise<string> {
  return (await createApiToken(db, owner.user.id, "hardening")).token;
}

async function createClient(token: string, body: Record<string, unknown> = { name: "Acme", message_limit: 100 }) {
  const res = await api("POST", "/v1/agency/clients", { token, key: randomUUID(), body });
  expect(res.status).toBe(201);
  return res.body.client.id as string;
}

function expectErrorShape(res: { status: number; text: string; headers: Headers }, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  const body = JSON.parse(res.text);
  expect(typeof body.message).toBe("string");
  expect(Object.keys(body).every((k) => k === "message" || k === "errors")).toBe(true);
  return body;
}

/** A raw HTTP/1.1 request: fetch refuses TRACE and sends no malformed paths. */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
    const url = new URL(base);
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      let text = "";
      res.on("data", (d: Buffer) => (text += d.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const signIn = (email: string, password: string, ip: string) => signInOver(base, email, password, ip);

describe("rate limit per API token", () => {
  it(`answers ${API_LIMIT} requests a minute with RateLimit-* headers, then 429 {message} with Retry-After; other tokens are unaffected`, async () => {
    const token = await ownerToken();
    for (let i = 0; i < API_LIMIT; i++) {
      const res = await api("GET", "/v1/me", { token });
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-limit")).toBe(String(API_LIMIT));
      expect(res.headers.get("ratelimit-remaining")).toBe(String(API_LIMIT - i - 1));
    }
    const refused = await api("GET", "/v1/me", { token });
    const body = expectErrorShape(refused, 429);
    expect(body.message).toMatch(/Too many requests/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect(Number(refused.headers.get("ratelimit-reset"))).toBeGreaterThanOrEqual(1);
    expect((await api("GET", "/v1/me", { token: await ownerToken() })).status).toBe(200);
    const counters = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM rate_limits WHERE key LIKE 'api:%'`;
    expect(counters[0]!.n).toBeGreaterThanOrEqual(2);
  });
});

describe("sign-in throttle", () => {
  it("locks an account after 3 wrong passwords (429 with Retry-After and a clear message), even for the right password", async () => {
    const { user } = await userWithToken(db, "Locked Out");
    const ip = "198.51.100.1";
    for (let i = 0; i < 3; i++) expect((await signIn(user.email, "wrong-password", ip)).status).toBe(401);
    const locked = await signIn(user.email, "password-123", "198.51.100.2");
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/locked; try again in \d+ minutes?/);
    expect(new URL(locked.body.url).searchParams.get("error")).toBe(locked.body.message);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(60);
  });

  it("locks an unknown account the same way (a lock reveals nothing)", async () => {
    const ip = "198.51.100.3";
    for (let i = 0; i < 3; i++) expect((await signIn("nobody@example.test", "wrong-password", ip)).status).toBe(401);
    expect((await signIn("nobody@example.test", "wrong-password", "198.51.100.4")).status).toBe(429);
  });

  it("clears an account's count on a successful sign-in", async () => {
    const { user } = await userWithToken(db, "Forgetful");
    const ip = "198.51.100.5";
    for (let i = 0; i < 2; i++) expect((await signIn(user.email, "wrong-password", ip)).status).toBe(401);
    expect((await signIn(user.email, "password-123", "198.51.100.6")).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await signIn(user.email, "wrong-password", "198.51.100.7")).status).toBe(401);
  });

  it("throttles one network after 5 failures across accounts", async () => {
    const ip = "203.0.113.9";
    for (let i = 0; i < 5; i++) expect((await signIn(`spray-${i}@example.test`, "wrong-password", ip)).status).toBe(401);
    const refused = await signIn("spray-new@example.test", "wrong-password", ip);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/from your network/);
  });
});

describe("token scope: /api/trpc needs a same-origin browser session", () => {
  it("does not let an API token mint another token", async () => {
    const token = await ownerToken();
    const before = await db.apiToken.count({ where: { userId: owner.user.id } });
    const res = await fetch(`${base}/api/trpc/apiTokens.create`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "child" }),
    });
    expect(res.status).toBe(401);
    expect(await db.apiToken.count({ where: { userId: owner.user.id } })).toBe(before);
  });

  it("serves a session, refuses cross-origin calls and batches over 20", async () => {
    const { user } = await userWithToken(db, "Session User");
    const session = await signIn(user.email, "password-123", "192.0.2.50");
    expect(session.status).toBe(200);
    const headers = { Cookie: session.cookie, "Content-Type": "application/json" };
    const ok = await fetch(`${base}/api/trpc/apiTokens.create`, { method: "POST", headers: { ...headers, Origin: base }, body: JSON.stringify({ name: "mine" }) });
    expect(ok.status).toBe(200);

    const evil = await fetch(`${base}/api/trpc/apiTokens.create`, {
      method: "POST",
      headers: { ...headers, Origin: "https://evil.example.test" },
      body: JSON.stringify({ name: "stolen" }),
    });
    expect(expectErrorShape({ status: evil.status, text: await evil.text(), headers: evil.headers }, 403).message).toMatch(/Cross-origin/);
    const crossSite = await fetch(`${base}/api/trpc/apiTokens.list`, { headers: { Cookie: session.cookie, "Sec-Fetch-Site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    expect(await db.apiToken.count({ where: { userId: user.id, name: "stolen" } })).toBe(0);

    const batch = (n: number) => `${base}/api/trpc/${Array(n).fill("apiTokens.list").join(",")}?batch=1&input=${encodeURIComponent("{}")}`;
    expect((await fetch(batch(20), { headers: { Cookie: session.cookie } })).status).toBe(200);
    expect((await fetch(batch(21), { headers: { Cookie: session.cookie } })).status).toBe(400);
  });
});

describe("request bounds: no 500s, every error a JSON {message}", () => {
  let token: string;
  let clientId: string;
  beforeAll(async () => {
    token = await ownerToken();
    clientId = await createClient(token);
  });

  it("refuses a declared body over 1 MB before authentication (413)", async () => {
    const res = await raw("POST", "/v1/agency/clients", { "Content-Type": "application/json", "Content-Length": String(50 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text).message).toMatch(/1 MB/);
  });

  it("stops reading a chunked body past 1 MB (413), unauthenticated", async () => {
    const chunk = new Uint8Array(256 * 1024).fill(0x20);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent++ >= 8) return c.close();
        c.enqueue(chunk);
      },
    });
    const res = await fetch(`${base}/v1/agency/clients`, { method: "POST", headers: { "Content-Type": "application/json" }, body, duplex: "half" } as RequestInit);
    expect(expectErrorShape({ status: res.status, text: await res.text(), headers: res.headers }, 413).message).toMatch(/1 MB/);
    // The rest of the body is never read: the connection ends, and the answer says so.
    expect(res.headers.get("connection")).toBe("close");
  });

  it("refuses JSON nested 2,000 deep on an idempotent operation (400), with no effect", async () => {
    const deep = '{"a":'.repeat(2000) + "1" + "}".repeat(2000);
    const res = await fetch(`${base}/v1/agency/clients/${clientId}`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "Idempotency-Key": randomUUID() },
      body: deep,
    });
    expect(expectErrorShape({ status: res.status, text: await res.text(), headers: res.headers }, 400).message).toMatch(/nested deeper/);
  });

  it("refuses NUL in body fields and query filters (422 naming the field)", async () => {
    const created = await api("POST", "/v1/agency/clients", { token, key: randomUUID(), body: { name: "Bad\u0000Name", external_reference: "ok" } });
    expect(expectErrorShape(created, 422).errors).toEqual({ name: ["The name field must not contain NUL characters."] });
    const listed = await api("GET", "/v1/agency/clients?external_reference=a%00b", { token });
    expect(Object.keys(expectErrorShape(listed, 422).errors)).toEqual(["external_reference"]);
  });

  it("answers invalid percent-encoding in a path with 400", async () => {
    for (const path of ["/v1/agency/clients/%E0%A4%A", "/v1/me/%", "/v1/%zz"]) {
      const res = await raw("GET", path, { Authorization: `Bearer ${token}` });
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.text).message).toMatch(/percent-encoding/);
    }
  });

  it("answers TRACE and other unknown methods with 405 JSON", async () => {
    for (const method of ["TRACE", "PROPFIND"]) {
      const res = await raw(method, "/v1/me");
      expect(res.status, method).toBe(405);
      expect(JSON.parse(res.text).message).toMatch(new RegExp(method));
      expect(res.headers.allow).toContain("GET");
    }
  });

  it("answers oversized headers with 431 JSON (Node's own answer has no body)", async () => {
    const res = await raw("GET", "/v1/me", { "X-Big": "x".repeat(40_000) });
    expect(res.status).toBe(431);
    expect(JSON.parse(res.text).message).toMatch(/headers are too large/);
  });

  it("answers /v1 and /v1/ with 404 JSON", async () => {
    for (const path of ["/v1", "/v1/"]) {
      const res = await api("GET", path, { token });
      expect(expectErrorShape(res, 404).message).toBe("No such API endpoint.");
    }
  });

  it("reads numeric query parameters strictly", async () => {
    for (const page of ["0x10", "1e2", "%205", "1.0"]) {
      const res = await api("GET", `/v1/agency/clients?page=${page}`, { token });
      expect(expectErrorShape(res, 422).errors.page).toEqual(["The page field must be a whole number written in decimal digits."]);
    }
    expect((await api("GET", "/v1/agency/clients?page=2&per_page=10", { token })).status).toBe(200);
  });

  it("takes no body fields from the query on POST (pause?mode=hard without a body is 422 and changes nothing)", async () => {
    const res = await api("POST", `/v1/agency/clients/${clientId}/pause?mode=hard`, { token, key: randomUUID() });
    expect(Object.keys(expectErrorShape(res, 422).errors)).toEqual(["mode"]);
    expect((await db.team.findUniqueOrThrow({ where: { id: clientId } })).status).toBe("active");
  });

  it("bounds the top-up bucket with a clear 422 instead of overflowing", async () => {
    await db.team.update({ where: { id: clientId }, data: { topupCredits: 999_500_000 } });
    const res = await api("POST", `/v1/agency/clients/${clientId}/topups`, { token, key: randomUUID(), body: { amount: 1_000_000 } });
    expect(expectErrorShape(res, 422).errors.amount[0]).toMatch(/at most 1000000000/);
    expect((await db.team.findUniqueOrThrow({ where: { id: clientId } })).topupCredits).toBe(999_500_000);
    const fits = await api("POST", `/v1/agency/clients/${clientId}/topups`, { token, key: randomUUID(), body: { amount: 500_000 } });
    expect(fits.status).toBe(200);
  });
});

describe("security headers", () => {
  it("forbid framing the dashboard, with a nonce CSP that Next puts on its scripts", async () => {
    const res = await fetch(`${base}/login`);
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("strict-transport-security")).toBeNull();
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const again = (await fetch(`${base}/login`)).headers.get("content-security-policy");
    expect(again).not.toBe(csp);
  });

  it("give API answers nosniff and a deny-all CSP, set by the web server (Next's proxy does not run for them)", async () => {
    const token = await ownerToken();
    const answers = [
      await api("GET", "/v1/me", { token }),
      await api("GET", "/v1", { token }),
      await api("GET", "/v1/no/such/route", { token }),
      await api("DELETE", "/v1/me", { token }),
      await api("GET", "/v1/me"),
      await fetch(`${base}/api/health`),
      await fetch(`${base}/api/trpc/no.such.procedure`),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 404, 404, 405, 401, 200, 404]);
    for (const res of answers) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      // One value each: nothing else sets them a second time.
      expect(res.headers.get("x-content-type-options")).not.toContain(",");
    }
    // The widget's public API is called from customers' pages: nosniff, but no frame rules of ours.
    const widget = await fetch(`${base}/api/widget/${randomUUID()}/config`);
    expect(widget.headers.get("x-content-type-options")).toBe("nosniff");
    expect(widget.headers.get("x-frame-options")).toBeNull();
  });
});

describe("when APP_URL is https", () => {
  it("sends HSTS and Secure cookies", async () => {
    const { url } = await createTestDatabase();
    const https = (await startAppServer(url, { APP_URL: "https://app.example.test", NEXTAUTH_URL: "https://app.example.test" })).baseUrl;
    const page = await fetch(`${https}/login`, { redirect: "manual" });
    expect(page.headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
    expect((await fetch(`${https}/v1`)).headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
    expect(page.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    const csrf = await fetch(`${https}/api/auth/csrf`);
    const cookies = csrf.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/^__(Host|Secure)-/);
      expect(cookie).toMatch(/;\s*Secure/i);
    }
  });
});

describe("shown-once webhook secret", () => {
  it("is repeated by a replay within 24 h and not after, and never stored readable", async () => {
    const token = await ownerToken();
    const key = randomUUID();
    const body = { url: "https://hooks.example.test/in" };
    const first = await api("POST", "/v1/agency/webhooks", { token, key, body });
    expect(first.status).toBe(201);
    expect(first.body.secret).toMatch(/^whsec_/);
    const soon = await api("POST", "/v1/agency/webhooks", { token, key, body });
    expect(soon.headers.get("idempotent-replayed")).toBe("true");
    expect(soon.body.secret).toBe(first.body.secret);
    // The replay's row holds the secret sealed (as LLM keys are), not in plain text.
    const secret = String(first.body.secret);
    const sealed = await db.idempotencyKey.findFirstOrThrow({ where: { key } });
    expect(sealed.responseBody).not.toContain(secret);
    expect(sealed.responseBody).not.toContain(secret.replace(/^whsec_/, ""));
    expect(sealed.responseBody).toContain((first.body.webhook as { id: string }).id);

    await db.idempotencyKey.updateMany({ where: { key }, data: { completedAt: new Date(Date.now() - 25 * 3600 * 1000) } });
    const late = await api("POST", "/v1/agency/webhooks", { token, key, body });
    expect(late.status).toBe(201);
    expect(late.headers.get("idempotent-replayed")).toBe("true");
    expect(late.body.secret).toBeNull();
    expect(late.body.webhook).toEqual(first.body.webhook);
    const stored = await db.idempotencyKey.findFirstOrThrow({ where: { key } });
    expect(stored.responseBody).not.toContain(first.body.secret);
  });
});
