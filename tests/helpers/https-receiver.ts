import { mkdtempSync, writeFileSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { generate } from "selfsigned";

/**
 * A real HTTPS webhook receiver on localhost with a self-signed certificate
 * made for the test (trusted through WEBHOOK_CA_CERTS, never globally).
 */
export interface ReceivedRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

export type Reply = { status: number; headers?: Record<string, string>; body?: string; delayMs?: number };

/** A self-signed certificate (its own CA) for `localhost` and `127.0.0.1`. */
export async function selfSignedPems(): Promise<{ cert: string; key: string }> {
  const pems = await generate([{ name: "commonName", value: "localhost" }], {
    keySize: 2048,
    algorithm: "sha256",
    extensions: [
      { name: "basicConstraints", cA: true },
      { name: "subjectAltName", altNames: [{ type: 2, value: "localhost" }, { type: 7, ip: "127.0.0.1" }] },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

/**
 * Starts the receiver on a free port with a fresh certificate, or on `port`
 * with a given certificate (Playwright: the app trusts a certificate made
 * before it started, see e2e/make-receiver-cert.ts).
 */
export async function startReceiver(options: { port?: number; tls?: { cert: string; key: string } } = {}) {
  const pems = options.tls ?? (await selfSignedPems());
  const dir = mkdtempSync(path.join(os.tmpdir(), "receiver-"));
  const caFile = path.join(dir, "ca.pem");
  writeFileSync(caFile, pems.cert);

  const requests: ReceivedRequest[] = [];
  const replies = new Map<string, (req: ReceivedRequest, count: number) => Reply>();
  const server = https.createServer({ key: pems.key, cert: pems.cert }, (req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : (v ?? "")]));
      const received = { path: req.url ?? "/", headers, body, at: Date.now() };
      requests.push(received);
      const count = requests.filter((r) => r.path === received.path).length;
      const reply = replies.get(received.path)?.(received, count) ?? { status: 200, body: "ok" };
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(reply.status, reply.headers);
        res.end(reply.body ?? "");
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    caFile,
    url: (p: string) => `https://localhost:${port}${p}`,
    requests,
    at: (p: string) => requests.filter((r) => r.path === p),
    reply: (p: string, fn: (req: ReceivedRequest, count: number) => Reply) => replies.set(p, fn),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function waitFor<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 20_000, label = "condition"): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
