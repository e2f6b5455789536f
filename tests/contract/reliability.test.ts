/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are checked field by field */
import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { bakeryDatabase } from "../helpers/bakery-database";
import { agencyOwner } from "../helpers/fixtures";
import { apiClient } from "../helpers/http";
import { startAppServer } from "../helpers/server";
import { signIn } from "../helpers/session";

/**
 * Reliability over real HTTP against the production build, each block failing
 * without its fix: no answer escapes validation or metering on any surface,
 * no 5xx or bodiless error from bad input, the sign-in lock under parallel
 * attempts, the same-origin rule on the playground, and the smaller items.
 */
let db: Db;
let base: string;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let api: ReturnType<typeof apiClient>;
let teamId: string;
let botId: string;
let cookie: string;

const ACCOUNT_LIMIT = 5;

beforeAll(async () => {
  const created = await bakeryDatabase();
  ({ db, owner } = created);
  const { team, bot } = created;
  teamId = team.id;
  botId = bot.id;
  base = (await startAppServer(created.url, { SIGN_IN_FAILURES_PER_ACCOUNT: String(ACCOUNT_LIMIT), HTTP_REQUEST_TIMEOUT_SECONDS: "3" })).baseUrl;
  api = apiClient(base);
  cookie = (await signIn(base, owner.user.email, "password-123")).cookie;
}, 180_000);

const usage = async () => {
  const team = await db.team.findUniqueOrThrow({ where: { id: teamId }, select: { messagesUsed: true } });
  const messages = await db.message.count({ where: { conversation: { chatbotId: botId } } });
  return { used: team.messagesUsed, messages };
};

function expectJsonError(res: { status: number; headers: Headers }, body: any, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(typeof body.message).toBe("string");
  return body;
}

describe("no free answers: every surface validates before it answers", () => {
  it("refuses NUL in a widget message with 422 before any frame: nothing answered, charged or recorded", async () => {
    const before = await usage();
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/api/widget/${botId}/chat`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
        body: JSON.stringify({ message: "When are you open?\u0000" }),
      });
      const body = expectJsonError(res, await res.json(), 422);
      expect(body.errors).toEqual({ message: ["The message field must not contain NUL characters."] });
    }
    expect(await usage()).toEqual(before);
  });

  it("refuses NUL in a playground message the same way (422, the REST rule)", async () => {
    const before = await usage();
    const res = await fetch(`${base}/api/playground/${botId}`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: base, "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify({ message: "Where\u0000 is the shop?" }),
    });
    expect(expectJsonError(res, await res.json(), 422).errors).toEqual({ message: ["The message field must not contain NUL characters."] });
    expect(await usage()).toEqual(before);
  });

  it("answers and charges a clean playground message (the refusals above are not a broken route)", async () => {
    const before = await usage();
    const res = await fetch(`${base}/api/playground/${botId}`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: base, "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify({ message: "When are you open?" }),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/event: done/);
    const after = await usage();
    expect(after.messages).toBe(before.messages + 2);
  });
});

describe("no 5xx and no bodiless errors from bad input", () => {
  const trpc = (path: string, input: unknown) =>
    fetch(`${base}/api/trpc/${path}`, { method: "POST", headers: { Cookie: cookie, Origin: base, "Content-Type": "application/json" }, body: JSON.stringify(input) });

  it.each([
    ["apiTokens.create", { name: "a\u0000b" }, "name"],
    ["agencyWebhooks.create", { url: "https://hooks.example.test/\u0000", events: null }, "url"],
    ["account.updateProfile", { name: "New\u0000Name" }, "name"],
  ])("refuses NUL in the dashboard's %s with 422 naming the field, as JSON with a top-level message", async (path, input, field) => {
    const res = await trpc(path, input);
    const body = expectJsonError(res, await res.json(), 422);
    expect(body.error.data.fieldErrors).toHaveProperty(field);
    expect(body.message).toMatch(/NUL/);
  });

  it("refuses NUL in chatbots.update the same way", async () => {
    const res = await trpc("chatbots.update", { chatbot_id: botId, name: "Bot\u0000" });
    expect(res.status).toBe(422);
  });

  it("answers tRPC's own refusals (a body that is not JSON) as JSON", async () => {
    const res = await fetch(`${base}/api/trpc/apiTokens.create`, { method: "POST", headers: { Cookie: cookie, Origin: base, "Content-Type": "text/plain" }, body: "x" });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectJsonError(res, await res.json(), res.status);
  });

  it("refuses NUL in a widget link click with 422", async () => {
    const res = await fetch(`${base}/api/widget/${botId}/link-clicks`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ url: "https://bakery.example/\u0000" }),
    });
    expect(expectJsonError(res, await res.json(), 422).errors).toHaveProperty("url");
  });

  it("answers a source id that is not a UUID with 404 on sync and delete", async () => {
    for (const [method, path] of [
      ["POST", `/v1/${botId}/sources/not-a-uuid/sync`],
      ["DELETE", `/v1/${botId}/sources/not-a-uuid`],
    ] as const) {
      const res = await api(method, path, { token: owner.token });
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe("Source not found.");
    }
  });

  it.each(["/api/health", "/api/trpc/apiTokens.list", "/api/widget/BOT/chat", "/api/playground/BOT", "/api/auth/session"])(
    "answers a method %s does not serve with 405 JSON {message}",
    async (path) => {
      const res = await fetch(`${base}${path.replace("BOT", botId)}`, { method: "PUT" });
      expect(expectJsonError(res, await res.json(), 405).message).toBe("The PUT method is not supported for this route.");
    },
  );
});

describe("health and the workers' heartbeat", () => {
  it("says degraded (still 200) while no worker process has beaten recently, ok once one has", async () => {
    // This file's server runs without workers: nothing beats.
    const silent = await fetch(`${base}/api/health`);
    expect(silent.status).toBe(200);
    expect(await silent.json()).toMatchObject({ status: "degraded", message: expect.stringContaining("background jobs do not run"), workers: { alive: false, last_beat_at: null } });
    // A beat older than WORKER_DEAD_AFTER_SECONDS (120 s) is no sign of life either.
    await db.$executeRaw`INSERT INTO worker_heartbeats (worker_id, beat_at) VALUES ('gone', now() - interval '10 minutes')`;
    expect(await (await fetch(`${base}/api/health`)).json()).toMatchObject({ status: "degraded", workers: { alive: false } });
    // What a worker process writes as it beats (kernel/jobs/heartbeat.ts).
    await db.$executeRaw`INSERT INTO worker_heartbeats (worker_id) VALUES ('beating')`;
    expect(await (await fetch(`${base}/api/health`)).json()).toMatchObject({ status: "ok", workers: { alive: true, last_beat_at: expect.any(String) } });
    await db.$executeRaw`DELETE FROM worker_heartbeats`;
  });
});

describe("the per-account sign-in lock under parallel attempts", () => {
  it(`checks at most ${ACCOUNT_LIMIT} of 20 concurrent wrong passwords for one account; the rest are refused before hashing`, async () => {
    const victim = await agencyOwner(db);
    const attempts = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(base, victim.user.email, "wrong-password", `192.0.2.${i + 1}`)));
    const checked = attempts.filter((a) => a.status === 401).length;
    const refused = attempts.filter((a) => a.status === 429).length;
    expect(checked).toBeLessThanOrEqual(ACCOUNT_LIMIT);
    expect(checked + refused).toBe(20);
    // Locked, even for the right password.
    expect((await signIn(base, victim.user.email, "password-123", "192.0.2.99")).status).toBe(429);
  });
});

describe("cross-origin requests", () => {
  it("refuses a cross-origin playground post with the session cookie (a text/plain form post): 403, nothing charged", async () => {
    const before = await usage();
    const res = await fetch(`${base}/api/playground/${botId}`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: "https://evil.example.test", "Content-Type": "text/plain" },
      body: JSON.stringify({ message: "When are you open?" }),
    });
    expect(expectJsonError(res, await res.json(), 403).message).toMatch(/Cross-origin/);
    const sameSiteOnly = await fetch(`${base}/api/playground/${botId}`, {
      method: "POST",
      headers: { Cookie: cookie, "Sec-Fetch-Site": "cross-site", "Content-Type": "application/json" },
      body: JSON.stringify({ message: "When are you open?" }),
    });
    expect(sameSiteOnly.status).toBe(403);
    expect(await usage()).toEqual(before);
  });

  it("does not believe X-Forwarded-Host without TRUST_PROXY", async () => {
    const res = await fetch(`${base}/api/trpc/apiTokens.create`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: "https://evil.example.test", "X-Forwarded-Host": "evil.example.test", "Content-Type": "application/json" },
      body: JSON.stringify({ name: "forged host" }),
    });
    expect(res.status).toBe(403);
    expect(await db.apiToken.count({ where: { name: "forged host" } })).toBe(0);
  });
});

describe("smaller ones", () => {
  it("refuses a trailing-dot localhost as a webhook or crawl target, like localhost", async () => {
    for (const url of ["https://LOCALHOST./hook", "https://localhost./hook"]) {
      const res = await api("POST", "/v1/agency/webhooks", { token: owner.token, key: randomUUID(), body: { url } });
      expect(res.status, url).toBe(422);
      expect(res.body.errors).toHaveProperty("url");
    }
    const source = await api("POST", `/v1/${botId}/sources`, { token: owner.token, body: { type: "website", url: "http://LOCALHOST./" } });
    expect(source.status).toBe(422);
  });

  it("gives the widget and share pages a script-src with a nonce", async () => {
    for (const path of [`/widget/${botId}`, `/chat/${botId}`]) {
      const res = await fetch(`${base}${path}`);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, path).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
      expect(csp, path).toMatch(/frame-ancestors \*/);
      const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
      const html = await res.text();
      // Next puts the nonce on its scripts; no script goes without it.
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
    }
  });

  it("closes a request whose body never finishes with 408 JSON after HTTP_REQUEST_TIMEOUT_SECONDS", async () => {
    const url = new URL(base);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(`POST /v1/agency/clients HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":`);
      });
      let text = "";
      socket.on("data", (d) => (text += d.toString()));
      socket.on("close", () => resolve(text));
      socket.on("error", reject);
      setTimeout(() => reject(new Error("the connection was held for 20 s")), 20_000).unref();
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('{"message":"The request took too long to arrive."}');
  }, 30_000);

  it("serves avatars without authentication, the same for unknown ids, under a CSP that runs nothing", async () => {
    const known = await fetch(`${base}/api/avatars/${owner.user.id}`);
    const unknown = await fetch(`${base}/api/avatars/${randomUUID()}`);
    for (const res of [known, unknown]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/svg+xml");
      expect(res.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    }
    expect(await unknown.text()).toContain("?");
  });
});
