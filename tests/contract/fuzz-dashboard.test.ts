import { request as httpRequest } from "node:http";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "@/server/transport/root";
import type { Db } from "@/server/kernel/db/client";
import { bakeryClient } from "../helpers/answers-fixtures";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner } from "../helpers/fixtures";
import { expectNoServerErrorAndJsonErrors, hostileString, jsonValue } from "../helpers/fuzz-values";
import { startAppServer } from "../helpers/server";
import { signIn } from "../helpers/session";

/**
 * Fuzz over the surfaces beside `/v1` (docs/decisions/039-testing.md): every tRPC procedure of the
 * dashboard (called over /api/trpc with a signed-in session, as the browser
 * does) and the public widget API, with hostile inputs, a fixed seed and a
 * bounded count. Whatever arrives: never a 5xx, and every error is JSON with
 * a string `message`.
 */
const SEED = 20261125;
const RUNS_PER_PROCEDURE = 6;
const RUNS_PER_WIDGET_ROUTE = 40;
/** Procedures that would end the fuzzing session itself. */
const SKIPPED = new Set(["account.signOutEverywhere"]);

interface Procedure {
  path: string;
  type: "query" | "mutation";
  fields: string[];
}

let db: Db;
let base: string;
let cookie: string;
let realIds: string[] = [];

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  const owner = await agencyOwner(db);
  const { team, bot } = await bakeryClient(db, owner, { messageLimit: 1000 });
  realIds = [bot.id, team.id, owner.agency.id, owner.user.id];
  base = (await startAppServer(created.url, { RATE_LIMIT_WIDGET_PER_MINUTE: "100000" })).baseUrl;
  cookie = (await signIn(base, owner.user.email, "password-123")).cookie;
}, 180_000);

type ZodLike = { shape?: Record<string, unknown>; def?: { shape?: Record<string, unknown> } };
type ProcedureDef = { _def: { type: "query" | "mutation"; inputs: ZodLike[] } };

/** Every procedure with the field names its input schemas declare. */
function procedures(): Procedure[] {
  const all = (appRouter as unknown as { _def: { procedures: Record<string, ProcedureDef> } })._def.procedures;
  return Object.entries(all)
    .filter(([path]) => !SKIPPED.has(path))
    .map(([path, p]) => ({
      path,
      type: p._def.type,
      fields: p._def.inputs.flatMap((schema) => Object.keys(schema.shape ?? schema.def?.shape ?? {})),
    }));
}

const idValue = () => fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...realIds) }, { weight: 1, arbitrary: fc.uuid().map(String) }, { weight: 1, arbitrary: hostileString });

function inputFor(p: Procedure): fc.Arbitrary<string | undefined> {
  const value = (field: string) => (field.endsWith("_id") || field === "id" ? idValue() : jsonValue);
  const object = p.fields.length
    ? fc.record(Object.fromEntries(p.fields.map((f) => [f, value(f)])), { requiredKeys: [] }).map((o) => JSON.stringify(o))
    : fc.constant("{}");
  return fc.oneof(
    { weight: 6, arbitrary: object },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.constantFrom("{", "nul\u0000l", '{"a":'.repeat(200) + "1" + "}".repeat(200), "") },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; contentType: string; text: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const payload = body === undefined ? undefined : Buffer.from(body);
    const all = payload ? { ...headers, "Content-Length": String(payload.length) } : headers;
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers: all, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (d: Buffer) => chunks.push(d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers["content-type"] ?? ""), text: Buffer.concat(chunks).toString() }));
    });
    req.on("error", reject);
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.end(payload);
  });
}

describe("fuzz every dashboard procedure over /api/trpc", () => {
  it("found the procedures", () => {
    expect(procedures().length).toBeGreaterThanOrEqual(60);
  });

  it("never answers 5xx, and every error is JSON with a message", async () => {
    const statuses = new Map<number, number>();
    for (const [index, p] of procedures().entries()) {
      await fc.assert(
        fc.asyncProperty(inputFor(p), fc.boolean(), async (input, signedIn) => {
          const headers: Record<string, string> = { Origin: base, ...(signedIn ? { Cookie: cookie } : {}) };
          const res =
            p.type === "query"
              ? await send("GET", `/api/trpc/${p.path}${input === undefined ? "" : `?input=${encodeURIComponent(input)}`}`, headers)
              : await send("POST", `/api/trpc/${p.path}`, { ...headers, "Content-Type": "application/json" }, input);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          expectNoServerErrorAndJsonErrors(res, `${p.type} ${p.path} ${String(input).slice(0, 200)} → ${res.status} ${res.text.slice(0, 300)}`);
        }),
        { seed: SEED + index, numRuns: RUNS_PER_PROCEDURE, endOnFailure: true },
      );
    }
    // On top of the random inputs: NUL in each declared field of every procedure, signed in.
    for (const p of procedures()) {
      for (const field of p.fields) {
        const input = JSON.stringify({ chatbot_id: realIds[0], [field]: "a\u0000b" });
        const res =
          p.type === "query"
            ? await send("GET", `/api/trpc/${p.path}?input=${encodeURIComponent(input)}`, { Origin: base, Cookie: cookie })
            : await send("POST", `/api/trpc/${p.path}`, { Origin: base, Cookie: cookie, "Content-Type": "application/json" }, input);
        expectNoServerErrorAndJsonErrors(res, `${p.path} NUL in ${field} → ${res.status} ${res.text.slice(0, 300)}`);
      }
    }
    // The inputs reached the procedures: some succeeded, many were refused by validation, some by access.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(20);
    expect(statuses.get(422) ?? 0).toBeGreaterThan(50);
    expect(statuses.get(401) ?? 0).toBeGreaterThan(20);
  }, 300_000);
});

describe("fuzz the public widget API", () => {
  const routes = [
    { method: "GET", path: "config", fields: [] },
    { method: "POST", path: "chat", fields: ["message", "conversation_id", "visitor_token"] },
    { method: "POST", path: "feedback", fields: ["message_id", "value", "visitor_token"] },
    { method: "POST", path: "link-clicks", fields: ["url", "message_id", "visitor_token"] },
  ];

  it("never answers 5xx, and every error is JSON with a message", async () => {
    for (const [index, route] of routes.entries()) {
      const request = fc.record({
        id: idValue().map((v) => encodeURIComponent(String(v).slice(0, 300))),
        method: fc.oneof({ weight: 5, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom("GET", "POST", "PUT", "DELETE", "OPTIONS") }),
        body: route.fields.length
          ? fc.oneof(
              { weight: 4, arbitrary: fc.record(Object.fromEntries(route.fields.map((f) => [f, jsonValue])), { requiredKeys: [] }).map((o) => JSON.stringify(o)) },
              { weight: 1, arbitrary: fc.constantFrom("{", "", "[]", "nul\u0000l", '{"message":"hi\\u0000"}') },
            )
          : fc.constant(undefined),
        contentType: fc.constantFrom("application/json", "application/json", "text/plain", undefined),
        origin: fc.constantFrom(undefined, "https://evil.example.test", "null", base),
      });
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          const headers: Record<string, string> = { Accept: "text/event-stream, application/json" };
          if (r.contentType && r.body !== undefined) headers["Content-Type"] = r.contentType;
          if (r.origin) headers.Origin = r.origin;
          const res = await send(r.method, `/api/widget/${r.id}/${route.path}`, headers, r.method === "GET" ? undefined : r.body);
          expectNoServerErrorAndJsonErrors(res, `${r.method} ${route.path} ${String(r.body).slice(0, 200)} → ${res.status} ${res.text.slice(0, 300)}`);
        }),
        { seed: SEED + 100 + index, numRuns: RUNS_PER_WIDGET_ROUTE, endOnFailure: true },
      );
    }
  }, 180_000);
});
