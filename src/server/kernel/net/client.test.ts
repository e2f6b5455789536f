import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonOf, outboundClient, OutboundError, type OutboundFailure } from "@/server/kernel/net/client";
import { isBlockedError } from "@/server/kernel/net/guard";

/** A real site on 127.0.0.1: redirects, a big body, a slow answer, JSON, a dropped connection. */
let server: http.Server;
let base: string;
const seen: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.url ?? "");
    const [path, query] = (req.url ?? "/").split("?");
    if (path === "/hop") return void res.writeHead(302, { Location: `/hop2?${query ?? ""}` }).end();
    if (path === "/hop2") return void res.writeHead(301, { Location: "/json" }).end();
    if (path === "/loop") return void res.writeHead(302, { Location: "/loop" }).end();
    if (path === "/to-metadata") return void res.writeHead(302, { Location: "http://169.254.169.254/latest/meta-data" }).end();
    if (path === "/to-ftp") return void res.writeHead(302, { Location: "ftp://example.com/" }).end();
    if (path === "/json") return void res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ ok: true, method: req.method }));
    if (path === "/big") return void res.writeHead(200, { "Content-Type": "text/plain" }).end("x".repeat(50_000));
    if (path === "/big-chunked") {
      res.writeHead(200, { "Content-Type": "text/plain" });
      for (let i = 0; i < 50; i++) res.write("y".repeat(1000));
      return void res.end();
    }
    if (path === "/slow") return void setTimeout(() => res.end("late"), 2_000);
    if (path === "/drop") return void req.socket.destroy();
    res.writeHead(404).end("not here");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

const guarded = outboundClient(() => ({ policy: { allowPrivate: true }, connections: 4, keepAliveMs: 1_000 }));
const closed = outboundClient(() => ({ policy: { allowPrivate: false }, connections: 4, keepAliveMs: 1_000 }));
const trusted = outboundClient(() => ({ policy: null, connections: 4, keepAliveMs: 1_000 }));
const limits = { timeoutMs: 1_000, maxBytes: 10_000 };

async function failureOf(promise: Promise<unknown>): Promise<OutboundError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}
const kindOf = async (promise: Promise<unknown>): Promise<OutboundFailure> => (await failureOf(promise)).kind;

describe("the outbound client", () => {
  it("answers status, headers, body and the URL that answered", async () => {
    const res = await trusted.send({ url: `${base}/json`, method: "POST", body: "{}", ...limits });
    expect(res).toMatchObject({ status: 200, url: `${base}/json` });
    expect(res.headers["content-type"]).toBe("application/json");
    expect(jsonOf(res)).toEqual({ ok: true, method: "POST" });
    expect(jsonOf({ ...res, body: Buffer.from("not json") })).toBeNull();
  });

  it("returns a redirect as the answer unless asked to follow; follows by hand up to the limit", async () => {
    expect((await guarded.send({ url: `${base}/hop`, ...limits })).status).toBe(302);
    const followed = await guarded.send({ url: `${base}/hop?x=1`, ...limits, maxRedirects: 5 });
    expect(followed).toMatchObject({ status: 200, url: `${base}/json` });
    expect(seen).toContain("/hop2?x=1");
    const loop = await failureOf(guarded.send({ url: `${base}/loop`, ...limits, maxRedirects: 3 }));
    expect(loop).toMatchObject({ kind: "redirects", message: "More than 3 redirects" });
  });

  it("checks every hop: a redirect to a metadata address or another scheme is refused", async () => {
    const metadata = await failureOf(guarded.send({ url: `${base}/to-metadata`, ...limits, maxRedirects: 5 }));
    expect(metadata.kind).toBe("blocked");
    expect(isBlockedError(metadata)).toBe(true);
    expect(await kindOf(guarded.send({ url: `${base}/to-ftp`, ...limits, maxRedirects: 5 }))).toBe("scheme");
  });

  it("follows its configuration when it changes (the environment read anew): new pools under the new policy", async () => {
    let allowPrivate = true;
    const changing = outboundClient(() => ({ policy: { allowPrivate }, connections: 4, keepAliveMs: 1_000 }));
    expect((await changing.send({ url: `${base}/json`, ...limits })).status).toBe(200);
    allowPrivate = false;
    expect(await kindOf(changing.send({ url: `${base}/json`, ...limits }))).toBe("blocked");
    allowPrivate = true;
    expect((await changing.send({ url: `${base}/json`, ...limits })).status).toBe(200);
  });

  it("refuses a private address under a closed policy; a request may open it (the crawler's tests)", async () => {
    const literal = await failureOf(closed.send({ url: `${base}/json`, ...limits }));
    expect(literal.kind).toBe("blocked");
    expect(literal.message).toMatch(/blocked address/);
    expect(await kindOf(closed.send({ url: `${base.replace("127.0.0.1", "localhost")}/json`, ...limits }))).toBe("blocked");
    expect((await closed.send({ url: `${base}/json`, ...limits, policy: { allowPrivate: true } })).status).toBe(200);
  });

  it("caps the body: a failure by the declared length or as it streams, or cut where asked", async () => {
    expect(await failureOf(guarded.send({ url: `${base}/big`, ...limits }))).toMatchObject({ kind: "too_large", detail: { status: 200 } });
    expect(await kindOf(guarded.send({ url: `${base}/big-chunked`, ...limits }))).toBe("too_large");
    const cut = await guarded.send({ url: `${base}/big-chunked`, ...limits, maxBytes: 1500, overflow: "truncate" });
    expect(cut.body.toString()).toBe("y".repeat(1500));
    // The connection was read to its end, so it serves the next request.
    expect((await guarded.send({ url: `${base}/json`, ...limits })).status).toBe(200);
  });

  it("names a time limit and a dropped or refused connection", async () => {
    expect(await kindOf(trusted.send({ url: `${base}/slow`, ...limits, timeoutMs: 200 }))).toBe("timeout");
    expect(await kindOf(trusted.send({ url: `${base}/drop`, ...limits }))).toBe("unreachable");
    const refused = await failureOf(trusted.send({ url: "http://127.0.0.1:1/", ...limits }));
    expect(refused).toMatchObject({ kind: "unreachable", detail: { code: "ECONNREFUSED" } });
  });
});
