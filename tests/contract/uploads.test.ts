import { request as httpRequest } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot, clientWorkspace } from "../helpers/fixtures";
import { startAppServer } from "../helpers/server";
import { largePdf, largeText, rssBytes, smallDocx, uploadFile, watchServer, zipBombDocx } from "../helpers/upload-fixtures";

/**
 * File uploads against the production server (docs/decisions/046-uploads-off-the-event-loop.md): one upload
 * must not hold up the server for everybody else, nor grow its memory by
 * hundreds of MB; a zip bomb is refused at once; a file's NUL bytes never
 * reach PostgreSQL; the multipart body is streamed with its bounds. Time
 * bounds here are generous ceilings (the fixed server is 10–100× under them),
 * never measurements: `npm run bench -- upload` measures.
 */
const MB = 1024 * 1024;
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

let db: Db;
let base: string;
let pid: number;
let token: string;
let botId: string;

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  const owner = await agencyOwner(db);
  token = owner.token;
  const workspace = await clientWorkspace(db, owner.agency);
  botId = (await chatbot(db, workspace.id, owner.user.id)).id;
  const server = await startAppServer(created.url);
  base = server.baseUrl;
  pid = server.pid;
  // What loads once per process (the extraction thread, the parsers) is loaded before anything is measured.
  for (const [name, data] of [
    ["warm.txt", Buffer.from("Warm-up text.")],
    ["warm.docx", smallDocx("Warm-up paragraph.")],
  ] as const) {
    expect((await uploadFile(base, botId, token, data, name)).status).toBe(201);
  }
}, 180_000);

const upload = (data: Uint8Array, name: string, type?: string) => uploadFile(base, botId, token, data, name, type);

describe("one upload does not freeze the server", () => {
  it("a 10 MB text file: 201, while /api/health answers throughout, without hundreds of MB more memory", async () => {
    const text = largeText(10_000_000);
    const { result, watch } = await watchServer(base, pid, () => upload(text, "notes.txt", "text/plain"));
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    const slowest = Math.max(...watch.polls.map((p) => p.ms));
    expect(watch.polls.every((p) => p.status === 200)).toBe(true);
    // Before the fix one poll waited 12–29 s; now each takes milliseconds, so health answers many times a second.
    expect(slowest).toBeLessThan(5_000);
    expect(watch.polls.length).toBeGreaterThanOrEqual(Math.floor(result.ms / 1000) * 2);
    expect(watch.rssPeak - watch.rssBefore).toBeLessThan(400 * MB); // before: +1,400–1,650 MB
    const stored = await db.source.findUniqueOrThrow({ where: { id: result.body.id! } });
    expect(stored.bodyText!.length).toBeGreaterThan(9_000_000);
  }, 120_000);

  it("a 10 MB PDF is read off the event loop: 201 with its text", async () => {
    const pdf = await largePdf(10_000_000);
    const { result, watch } = await watchServer(base, pid, () => upload(pdf, "handbook.pdf", "application/pdf"));
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    expect(watch.polls.every((p) => p.status === 200)).toBe(true);
    expect(Math.max(...watch.polls.map((p) => p.ms))).toBeLessThan(5_000);
    const stored = await db.source.findUniqueOrThrow({ where: { id: result.body.id! } });
    expect(stored.bodyText).toContain("Line 39 of page 199");
  }, 120_000);
});

describe("DOCX zip bombs", () => {
  it.each([
    ["honest headers (the zip declares 1.1 GB)", false],
    ["lying headers (the zip declares 1 KB)", true],
  ])("%s: a quick 422 naming file, with little memory", async (_label, lie) => {
    const bomb = await zipBombDocx(1.1e9, lie);
    const before = rssBytes(pid);
    const { result, watch } = await watchServer(base, pid, () => upload(bomb, "bomb.docx", DOCX));
    expect(result.status).toBe(422);
    expect(result.body.errors?.file?.[0]).toMatch(/more than 50 MB of XML/);
    expect(result.ms).toBeLessThan(3_000); // before: 7–25 s inflating it
    expect(watch.rssPeak - before).toBeLessThan(150 * MB); // before: hundreds of MB
  }, 60_000);

  it("a real DOCX is still read (its XML parts, images left out)", async () => {
    const res = await upload(smallDocx("Opening hours are nine to six."), "hours.docx", DOCX);
    expect(res.status).toBe(201);
    expect((await db.source.findUniqueOrThrow({ where: { id: res.body.id! } })).bodyText).toBe("Opening hours are nine to six.");
  });
});

describe("NUL bytes in a text file", () => {
  it("are dropped: 201, and the stored text holds none", async () => {
    const res = await upload(Buffer.from("Parking\u0000 is free\u0000\u0000 behind the salon."), "notes.txt", "text/plain");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await db.source.findUniqueOrThrow({ where: { id: res.body.id! } })).bodyText).toBe("Parking is free behind the salon.");
    const md = await upload(Buffer.from("# Title\u0000\n\nBody\u0000 text."), "notes.md", "text/markdown");
    expect(md.status).toBe(201);
    const html = await upload(Buffer.from("<p>Hello\u0000 there</p>"), "page.html", "text/html");
    expect(html.status).toBe(201);
  });

  it("a UTF-16 text file (byte order mark) is read as UTF-16, not as text full of NULs", async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Grüße aus Köln: open on Sundays.", "utf16le")]);
    const res = await upload(utf16, "greeting.txt", "text/plain");
    expect(res.status).toBe(201);
    expect((await db.source.findUniqueOrThrow({ where: { id: res.body.id! } })).bodyText).toBe("Grüße aus Köln: open on Sundays.");
  });
});

/** A hand-made request: `chunks` sent with chunked transfer encoding unless `contentLength` is given. */
function rawPost(headers: Record<string, string>, chunks: Buffer[]): Promise<{ status: number; headers: Record<string, unknown>; body: { message?: string; errors?: Record<string, string[]> } }> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${base}/v1/${botId}/sources/files`);
    const req = httpRequest({ host: url.hostname, port: url.port, method: "POST", path: url.pathname, headers: { Authorization: `Bearer ${token}`, ...headers } }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (d: Buffer) => parts.push(d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(Buffer.concat(parts).toString() || "{}") }));
    });
    req.on("error", reject);
    (async () => {
      for (const chunk of chunks) if (!req.write(chunk)) await new Promise((r) => req.once("drain", r));
      req.end();
    })().catch(() => undefined); // the server may stop reading and answer first (413)
  });
}

const part = (name: string, filename: string | null, content: Buffer | string, type = "text/plain") =>
  Buffer.concat([
    Buffer.from(`--b0undary\r\nContent-Disposition: form-data; name="${name}"${filename === null ? "" : `; filename="${filename}"`}\r\nContent-Type: ${type}\r\n\r\n`),
    Buffer.from(content),
    Buffer.from("\r\n"),
  ]);
const END = Buffer.from("--b0undary--\r\n");
const MULTIPART = { "Content-Type": "multipart/form-data; boundary=b0undary" };

describe("the multipart body is streamed with its bounds", () => {
  it("413 with Connection: close for a chunked body past the bound, without reading it all", async () => {
    const chunk = Buffer.alloc(MB, "a");
    const res = await rawPost(MULTIPART, [part("file", "big.txt", ""), ...Array.from({ length: 14 }, () => chunk), END]);
    expect(res.status).toBe(413);
    expect(res.headers.connection).toBe("close");
    expect(res.body.message).toEqual(expect.any(String));
  });

  it("400 for broken framing or no boundary, 422 for two files in the file field, 415 for another type", async () => {
    expect((await rawPost(MULTIPART, [part("file", "a.txt", "no closing boundary")])).status).toBe(400);
    expect((await rawPost({ "Content-Type": "multipart/form-data; charset=utf-8" }, [part("file", "a.txt", "x"), END])).status).toBe(400);
    const twice = await rawPost(MULTIPART, [part("file", "a.txt", "one"), part("file", "b.txt", "two"), END]);
    expect(twice.status).toBe(422);
    expect(twice.body.errors?.file).toBeDefined();
    expect((await rawPost({ "Content-Type": "text/plain" }, [Buffer.from("hello")])).status).toBe(415);
  });

  it("text fields beside the file and file parts under other names are fine; a NUL in the file name is a 422 naming it", async () => {
    const ok = await rawPost(MULTIPART, [part("note", null, "hello"), part("other", "x.bin", Buffer.alloc(1000), "application/octet-stream"), part("file", "a.txt", "Some text."), END]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const nul = await rawPost(MULTIPART, [part("file", "a\u0000.txt", "Some text."), END]);
    expect(nul.status).toBe(422);
    expect(Object.keys(nul.body.errors ?? {})).toEqual(["file.name"]);
  });
});
