import { request as httpRequest } from "node:http";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot, clientWorkspace } from "../helpers/fixtures";
import { hostileString, jsonValue } from "../helpers/fuzz-values";
import { startAppServer } from "../helpers/server";

/**
 * Fuzz over every `/v1` operation of the generated OpenAPI document (docs/decisions/039-testing.md):
 * random and hostile bodies, headers, query strings, path parameters and
 * methods, with a fixed seed and a bounded count. Whatever arrives, the answer
 * is never a 5xx, and every 4xx is JSON `{message: string, errors?: {field: string[]}}`.
 */
const SEED = 20261123;
const RUNS_PER_OPERATION = 20;

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[];
}

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

let base: string;
let token: string;
let operations: Operation[] = [];
let realIds: string[] = [];

beforeAll(async () => {
  const { db, url } = await createTestDatabase();
  const owner = await agencyOwner(db);
  token = owner.token;
  const workspace = await clientWorkspace(db, owner.agency);
  const bot = await chatbot(db, workspace.id, owner.user.id);
  realIds = [workspace.id, bot.id, await webhookId(db, owner.agency.id)];
  base = (await startAppServer(url)).baseUrl;
  operations = readOperations(await (await fetch(`${base}/v1/openapi.json`)).json());
}, 180_000);

async function webhookId(db: Db, agencyId: string): Promise<string> {
  const row = await db.webhook.create({ data: { teamId: agencyId, url: "https://hooks.example.test/in", secret: "whsec_" + "A".repeat(32) } });
  return row.id;
}

type Doc = { paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }>; requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }>> };

function readOperations(doc: Doc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      pathParams: (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name),
      queryParams: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
      bodyFields: Object.keys(op.requestBody?.content["application/json"]?.schema?.properties ?? {}),
    })),
  );
}

function bodyFor(op: Operation) {
  const fieldsObject =
    op.bodyFields.length > 0 ? fc.dictionary(fc.constantFrom(...op.bodyFields), jsonValue, { maxKeys: op.bodyFields.length }) : fc.constant({});
  return fc.oneof(
    { weight: 4, arbitrary: fieldsObject.map((o) => JSON.stringify(o)) },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.integer({ min: 30, max: 3000 }).map((n) => '{"a":'.repeat(n) + "1" + "}".repeat(n)) },
    { weight: 1, arbitrary: fc.integer({ min: 30, max: 3000 }).map((n) => "[".repeat(n) + "]".repeat(n)) },
    { weight: 1, arbitrary: fc.string() },
    { weight: 1, arbitrary: fc.constantFrom("", "{", '{"name":"\\u0000"}', '{"name":"a\u0000"}', "\uFEFF{}", "nul\u0000l") },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function pathValue() {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...realIds) },
    { weight: 1, arbitrary: fc.uuid().map(String) },
    { weight: 2, arbitrary: hostileString.map((s) => encodeURIComponent(s.slice(0, 300))) },
    { weight: 1, arbitrary: fc.constantFrom("%", "%zz", "%E0%A4%A", "%00", "%2e%2e", "a%2Fb", "%2F") },
  );
}

function requestFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const query = fc.dictionary(fc.oneof(fc.constantFrom(...(op.queryParams.length ? op.queryParams : ["page"])), fc.string()), hostileString, { maxKeys: 3 });
  return fc.record({
    method: fc.oneof({ weight: 6, arbitrary: fc.constant(op.method) }, { weight: 1, arbitrary: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "TRACE", "PROPFIND", "OPTIONS") }),
    params: fc.array(pathValue(), { minLength: op.pathParams.length, maxLength: op.pathParams.length }),
    query,
    body: bodyFor(op),
    contentType: fc.constantFrom("application/json", "application/json", "text/plain", "application/x-www-form-urlencoded", "application/merge-patch+json", undefined),
    accept: fc.constantFrom(undefined, "application/json", "*/*", "text/html", "application/json;q=0"),
    auth: fc.constantFrom("valid", "valid", "valid", "none", "garbage", "acp_" + "A".repeat(43)),
    key: fc.oneof(fc.constant(undefined), fc.uuid().map(String), fc.constantFrom("", " ", "k".repeat(300))),
  });
}

type FuzzRequest = { method: string; params: string[]; query: Record<string, string>; body?: string; contentType?: string; accept?: string; auth: string; key?: string };

function build(op: Operation, x: FuzzRequest): Sent {
  let path = op.path;
  op.pathParams.forEach((name, i) => (path = path.replace(`{${name}}`, x.params[i] ?? "")));
  const qs = Object.entries(x.query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v.slice(0, 2000))}`)
    .join("&");
  const headers: Record<string, string> = {};
  if (x.contentType && x.body !== undefined) headers["Content-Type"] = x.contentType;
  if (x.accept) headers.Accept = x.accept;
  if (x.auth === "valid") headers.Authorization = `Bearer ${token}`;
  else if (x.auth !== "none") headers.Authorization = `Bearer ${x.auth}`;
  if (x.key !== undefined) headers["Idempotency-Key"] = x.key;
  return { method: x.method, path: qs ? `${path}?${qs}` : path, headers, body: x.body };
}

function send(s: Sent): Promise<{ status: number; contentType: string; text: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const body = s.body === undefined ? undefined : Buffer.from(s.body);
    const headers = body ? { ...s.headers, "Content-Length": String(body.length) } : s.headers;
    const req = httpRequest({ host: url.hostname, port: url.port, method: s.method, path: s.path, headers, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (d: Buffer) => chunks.push(d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers["content-type"] ?? ""), text: Buffer.concat(chunks).toString() }));
    });
    req.on("error", reject);
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.end(body);
  });
}

function checkAnswer(s: Sent, res: { status: number; contentType: string; text: string }) {
  const what = `${s.method} ${s.path.slice(0, 200)} → ${res.status} ${res.text.slice(0, 200)}`;
  expect(res.status, what).toBeLessThan(500);
  if (res.status < 400 || s.method === "HEAD") return;
  expect(res.contentType, what).toMatch(/^application\/json/);
  const body = JSON.parse(res.text) as { message?: unknown; errors?: unknown };
  expect(typeof body.message, what).toBe("string");
  expect(Object.keys(body).filter((k) => k !== "message" && k !== "errors"), what).toEqual([]);
  if (body.errors !== undefined) {
    expect(typeof body.errors, what).toBe("object");
    for (const messages of Object.values(body.errors as Record<string, unknown>)) {
      expect(Array.isArray(messages), what).toBe(true);
      for (const m of messages as unknown[]) expect(typeof m, what).toBe("string");
    }
  }
}

describe("fuzz every /v1 operation", () => {
  it("found the documented operations", () => {
    expect(operations.length).toBeGreaterThanOrEqual(15);
  });

  it("never answers 5xx and always answers 4xx as {message, errors?}", async () => {
    for (const [index, op] of operations.entries()) {
      await fc.assert(
        fc.asyncProperty(requestFor(op), async (r) => {
          const sent = build(op, r);
          checkAnswer(sent, await send(sent));
        }),
        { seed: SEED + index, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      );
    }
    // A few fixed hostile requests on top of the random ones.
    for (const path of ["/v1", "/v1/", "/v1/%", "/v1/agency/clients/%E0%A4%A", "/v1/me/chatbots/extra"]) {
      const sent = { method: "GET", path, headers: { Authorization: `Bearer ${token}` }, body: undefined };
      checkAnswer(sent, await send(sent));
    }
    const trace = { method: "TRACE", path: "/v1/me", headers: {}, body: undefined };
    checkAnswer(trace, await send(trace));
  }, 120_000);
});
