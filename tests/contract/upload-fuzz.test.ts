import { request as httpRequest } from "node:http";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot, clientWorkspace } from "../helpers/fixtures";
import { expectNoServerErrorAndJsonErrors } from "../helpers/fuzz-values";
import { startAppServer } from "../helpers/server";
import { smallDocx, zipBombDocx } from "../helpers/upload-fixtures";

/**
 * Fuzz of `POST /v1/{chatbot_id}/sources/files` (docs/decisions/046-uploads-off-the-event-loop.md), the
 * sibling of fuzz.test.ts for multipart bodies: random and hostile parts
 * (names, file names, types, binary and hostile content: NUL bytes, broken
 * PDFs and zips, a zip bomb, UTF-16 marks), boundaries, framing and transfer
 * encodings, with a fixed seed and a bounded count. Whatever arrives, the
 * answer is never a 5xx, and every 4xx is JSON `{message, errors?}`.
 */
const SEED = 20261120;
const RUNS = 200;
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

let base: string;
let path: string;
let token: string;
let hostileContents: Buffer[] = [];

beforeAll(async () => {
  const { db, url } = await createTestDatabase();
  const owner = await agencyOwner(db);
  token = owner.token;
  const workspace = await clientWorkspace(db, owner.agency);
  path = `/v1/${(await chatbot(db, workspace.id, owner.user.id)).id}/sources/files`;
  base = (await startAppServer(url)).baseUrl;
  const docx = smallDocx("A paragraph of a real document.");
  hostileContents = [
    Buffer.alloc(2048), // NUL bytes only
    Buffer.from("Text\u0000with\u0000NULs\u0000"),
    Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer << /Root 1 0 R >>\n%%EOF"),
    Buffer.from("%PDF-1.4\n" + "x".repeat(3000)),
    docx,
    docx.subarray(0, docx.length - 30), // a zip without its directory
    Buffer.concat([Buffer.from("PK\u0003\u0004"), Buffer.alloc(200, 0xff)]),
    await zipBombDocx(80 * 1024 * 1024),
    await zipBombDocx(80 * 1024 * 1024, true),
    Buffer.from([0xff, 0xfe, 0x41]), // a UTF-16 mark and an odd byte
    Buffer.from([0xfe, 0xff]),
    Buffer.from("<html>" + "<div>".repeat(5000) + "deep" + "</div>".repeat(5000)),
    Buffer.from("# " + "#".repeat(100) + "\n\n```\nunclosed fence"),
    Buffer.from([0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1]), // invalid UTF-8
  ];
}, 180_000);

/** Mostly the documented `file` field, so that most requests reach the file's extraction. */
const fieldName = fc.oneof(
  { weight: 8, arbitrary: fc.constant("file") },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom("note", "", "\u0000", "fi\u0000le", 'fi"le', "é", "x".repeat(300), "file[]", "FILE") },
);

const fileName = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("a.txt", "a.pdf", "a.docx", "a.md", "a.html") },
  { weight: 2, arbitrary: fc.constantFrom("a.txt", "a.pdf", "a.docx", "a.md", "a.html", "a.htm", "a.TXT", "noext", ".txt", "", "../../etc/passwd.txt", "C:\\x\\a.txt", "a\u0000.txt", "💥.md", "x".repeat(600) + ".txt", "a.exe") },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);

const content = fc.oneof(
  { weight: 3, arbitrary: fc.uint8Array({ maxLength: 4096 }).map((a) => Buffer.from(a)) },
  { weight: 2, arbitrary: fc.string({ maxLength: 2000 }).map((s) => Buffer.from(s)) },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 1000 }).map((i) => hostileContents[i % hostileContents.length]!) },
);

const part = fc.record({
  name: fieldName,
  filename: fc.option(fileName, { nil: null, freq: 8 }),
  type: fc.option(fc.constantFrom("text/plain", "application/pdf", DOCX, "text/html", "text/markdown", "application/octet-stream", "", "garbage", "text/plain; charset=utf-16", "multipart/mixed"), { nil: null }),
  encoding: fc.option(fc.constantFrom("base64", "quoted-printable", "binary", "8bit", "gzip"), { nil: null, freq: 8 }),
  content,
});

const multipartRequest = fc.record({
  boundary: fc.oneof(
    { weight: 4, arbitrary: fc.constant("b0undary-7f3a9c") },
    { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,70}$/) },
    { weight: 1, arbitrary: fc.constantFrom("a b", "x".repeat(200), "--", "b") },
  ),
  contentType: fc.oneof(
    { weight: 6, arbitrary: fc.constant("ok") },
    { weight: 3, arbitrary: fc.constantFrom("quoted", "charset", "upper") },
    { weight: 2, arbitrary: fc.constantFrom("none", "no-boundary", "mixed", "json") },
  ),
  parts: fc.oneof({ weight: 3, arbitrary: fc.tuple(part) }, { weight: 1, arbitrary: fc.array(part, { maxLength: 4 }) }),
  framing: fc.oneof({ weight: 6, arbitrary: fc.constant("ok") }, { weight: 3, arbitrary: fc.constantFrom("no-close", "lf-only", "preamble", "epilogue", "truncated", "empty") }),
  chunked: fc.boolean(),
  auth: fc.constantFrom("valid", "valid", "valid", "valid", "none", "garbage"),
});

type MultipartRequest = typeof multipartRequest extends fc.Arbitrary<infer T> ? T : never;

function contentTypeOf(r: MultipartRequest): string | undefined {
  const b = r.boundary;
  return {
    ok: `multipart/form-data; boundary=${b}`,
    quoted: `multipart/form-data; boundary="${b}"`,
    none: undefined,
    "no-boundary": "multipart/form-data; charset=utf-8",
    charset: `multipart/form-data; boundary=${b}; charset=utf-8`,
    upper: `MULTIPART/FORM-DATA; BOUNDARY=${b}`,
    mixed: `multipart/mixed; boundary=${b}`,
    json: "application/json",
  }[r.contentType];
}

function bodyOf(r: MultipartRequest): Buffer {
  if (r.framing === "empty") return Buffer.alloc(0);
  const nl = r.framing === "lf-only" ? "\n" : "\r\n";
  const pieces: Buffer[] = [];
  if (r.framing === "preamble") pieces.push(Buffer.from(`This is a preamble.${nl}`));
  for (const p of r.parts) {
    let head = `--${r.boundary}${nl}Content-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== null) head += `; filename="${p.filename}"`;
    head += nl;
    if (p.type !== null) head += `Content-Type: ${p.type}${nl}`;
    if (p.encoding !== null) head += `Content-Transfer-Encoding: ${p.encoding}${nl}`;
    pieces.push(Buffer.from(head + nl), p.content, Buffer.from(nl));
  }
  if (r.framing !== "no-close") pieces.push(Buffer.from(`--${r.boundary}--${nl}`));
  if (r.framing === "epilogue") pieces.push(Buffer.from("trailing garbage\u0000"));
  const body = Buffer.concat(pieces);
  return r.framing === "truncated" ? body.subarray(0, Math.floor(body.length / 2)) : body;
}

function send(r: MultipartRequest): Promise<{ status: number; contentType: string; text: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const body = bodyOf(r);
    const headers: Record<string, string> = { Accept: "application/json" };
    const type = contentTypeOf(r);
    if (type) headers["Content-Type"] = type;
    if (r.auth === "valid") headers.Authorization = `Bearer ${token}`;
    else if (r.auth === "garbage") headers.Authorization = "Bearer acp_" + "A".repeat(43);
    if (!r.chunked) headers["Content-Length"] = String(body.length);
    const req = httpRequest({ host: url.hostname, port: url.port, method: "POST", path, headers, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (d: Buffer) => chunks.push(d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers["content-type"] ?? ""), text: Buffer.concat(chunks).toString() }));
    });
    req.on("error", reject);
    req.on("timeout", () => req.destroy(new Error("timed out")));
    if (r.chunked) {
      // A few uneven pieces, as a client streaming the body would send them.
      for (let at = 0; at < body.length; at += 1000 + (at % 7)) req.write(body.subarray(at, at + 1000 + (at % 7)));
      req.end();
    } else req.end(body);
  });
}

function checkAnswer(r: MultipartRequest, res: { status: number; contentType: string; text: string }) {
  const what = `${r.contentType}/${r.framing}/${r.chunked ? "chunked" : "length"} parts ${JSON.stringify(r.parts.map((p) => [p.name, p.filename, p.type, p.content.length]))} → ${res.status} ${res.text.slice(0, 200)}`;
  expectNoServerErrorAndJsonErrors(res, what);
  if (res.status < 400) return;
  // And the documented shape exactly: `{message, errors?: {field: [string]}}`.
  const body = JSON.parse(res.text) as { message?: unknown; errors?: unknown };
  expect(Object.keys(body).filter((k) => k !== "message" && k !== "errors"), what).toEqual([]);
  for (const messages of Object.values((body.errors ?? {}) as Record<string, unknown>)) {
    expect(Array.isArray(messages), what).toBe(true);
    for (const m of messages as unknown[]) expect(typeof m, what).toBe("string");
  }
}

describe("fuzz the multipart upload", () => {
  it("never answers 5xx and always answers 4xx as {message, errors?}", async () => {
    await fc.assert(
      fc.asyncProperty(multipartRequest, async (r) => checkAnswer(r, await send(r))),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }, 240_000);
});
