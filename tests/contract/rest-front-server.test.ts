import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner } from "../helpers/fixtures";
import { startAppServer } from "../helpers/server";

/**
 * Documented /v1 routes are answered by the front server ahead of Next (docs/decisions/091-rest-ahead-of-next.md),
 * with the request body streamed to the handler. A body the handler does not read (an error answered
 * first) must not cost the client its keep-alive connection: the next request on the same socket is
 * answered. A body past its bound is answered 413 with `Connection: close`, once the rest of it (up to a bound) has arrived.
 */
let base: URL;
let token: string;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  const { db, url } = await createTestDatabase();
  token = (await agencyOwner(db)).token;
  base = new URL((await startAppServer(url)).baseUrl);
});
afterAll(() => agent.destroy());

interface Answer {
  status: number;
  body: string;
  connection: string | undefined;
  reusedSocket: boolean;
}

/** One request on the shared keep-alive socket; `chunks` are sent without a Content-Length (chunked). */
function send(method: string, path: string, chunks: string[] = [], headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: base.hostname, port: base.port, method, path, agent, headers: { Authorization: `Bearer ${token}`, ...(chunks.length ? { "Content-Type": "application/json" } : {}), ...headers } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection, reusedSocket: req.reusedSocket }));
      },
    );
    req.on("error", reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe("request bodies on the front server's /v1 path", () => {
  it("keeps the connection after an error answered before the body was read", async () => {
    expect((await send("GET", "/v1/me")).status).toBe(200);
    // `/v1/me` takes GET only: 405 before the handler reads the 200 KB it is sent.
    const refused = await send("POST", "/v1/me", Array.from({ length: 20 }, () => `"${"x".repeat(10_000)}"`));
    expect(refused.status).toBe(405);
    expect(JSON.parse(refused.body)).toEqual({ message: expect.stringContaining("GET") });
    expect(refused.reusedSocket).toBe(true);
    const next = await send("GET", "/v1/me");
    expect(next).toMatchObject({ status: 200, reusedSocket: true });
  });

  it("keeps an idle connection 65 s, longer than clients and proxies keep theirs, and says so (Keep-Alive)", async () => {
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) => http.get({ host: base.hostname, port: base.port, path: "/api/health", agent }, resolve).on("error", reject));
    answer.resume();
    expect(answer.headers["keep-alive"]).toBe("timeout=65");
  });

  it("answers 413 with Connection: close to a chunked body past its bound; the client's next request is answered", async () => {
    // No Content-Length: refused while it is read (1 MB bound), not before.
    const tooLarge = await send("POST", "/v1/agency/clients", ['{"name":"', ..."x".repeat(1_200_000).match(/.{1,100000}/g)!, '"}'], { "Idempotency-Key": "too-large-1" });
    expect(tooLarge).toMatchObject({ status: 413, connection: "close" });
    expect(JSON.parse(tooLarge.body)).toEqual({ message: expect.stringMatching(/1 MB|too large/i) });
    expect((await send("GET", "/v1/me")).status).toBe(200);
  });

  it("answers the 413 to a client still sending its body, instead of resetting the connection", async () => {
    // 3 MB streamed by fetch: when the 413 is decided (at 1 MB) most of it is still to come. Closing the socket
    // on unread data would reset the connection, and fetch would fail (EPIPE, ECONNRESET) instead of answering.
    const chunk = new Uint8Array(256 * 1024).fill(0x20);
    for (let attempt = 0; attempt < 5; attempt++) {
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({ pull: (c) => (sent++ >= 12 ? c.close() : c.enqueue(chunk)) });
      const res = await fetch(new URL("/v1/agency/clients", base), {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "Idempotency-Key": `too-large-fast-${attempt}` },
        body,
        duplex: "half",
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(res.headers.get("connection")).toBe("close");
      expect(JSON.parse(await res.text())).toEqual({ message: expect.stringMatching(/1 MB|too large/i) });
    }
  });

  it("reads a chunked JSON body", async () => {
    const created = await send("POST", "/v1/agency/clients", ['{"na', 'me":"Chunked', ' Co"}'], { "Idempotency-Key": "chunked-client-1" });
    expect(created.status).toBe(201);
    expect(JSON.parse(created.body)).toMatchObject({ client: { name: "Chunked Co" } });
  });
});
