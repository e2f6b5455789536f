/**
 * The web server: Next (UI + tRPC + REST) behind a thin Node HTTP server, so
 * that what Next cannot answer as JSON is answered here first (docs/decisions/030-request-bounds-and-the-front-server.md):
 * TRACE/CONNECT/unknown methods (Next's Request constructor throws: a 500),
 * invalid percent-encoding in a path, a declared body over 1 MB (refused before
 * it is read or buffered), and malformed or oversized headers (Node's own 431/400
 * has no body). Usage: `tsx scripts/serve.ts [--dev] -p <port> -H <host>`.
 */
// First: the language's own Date, before Next replaces the global one (docs/decisions/097-dates-off-nexts-date-extension.md);
// checked below, once Next's environment is set up.
import { IntrinsicDate, isLanguageDate } from "@/server/kernel/lib/intrinsic-date";
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import type { Duplex } from "node:stream";
import { pathToFileURL } from "node:url";
import next from "next";
import { env } from "@/server/kernel/env";
import { isApiPath, securityHeaders } from "@/server/kernel/security/headers";
import { errorBodyText, JSON_HEADERS } from "@/server/kernel/http/json-response";
import { giveEmptyErrorsAJsonBody } from "@/server/kernel/security/json-errors";
import { earlyRefusal } from "@/server/kernel/security/request-guard";
import { PEER_ADDRESS_HEADER } from "@/server/kernel/security/peer-address";
import { compiledFile, runningCompiled } from "@/server/kernel/lib/compiled-runtime.mjs";

const argv = process.argv.slice(2);
const arg = (flag: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
const dev = argv.includes("--dev");
const port = Number(arg("-p") ?? process.env.PORT ?? 3000);
const hostname = arg("-H") ?? process.env.HOST ?? "0.0.0.0";
const https = (process.env.APP_URL ?? "").startsWith("https://");

const app = next({ dev, hostname, port });
const handle = app.getRequestHandler();

function refuse(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
  const refusal = earlyRefusal({ method: req.method ?? "GET", pathname, contentLength: req.headers["content-length"] ?? null });
  if (!refusal) return false;
  const body = errorBodyText(refusal.message);
  res.writeHead(refusal.status, {
    ...securityHeaders({ pathname, nonce: null, https, dev }),
    ...refusal.headers,
    ...JSON_HEADERS,
    "Content-Length": Buffer.byteLength(body),
    // An unread body may follow: do not keep the connection.
    ...(refusal.status === 413 ? { Connection: "close" } : {}),
  });
  res.end(body);
  return true;
}

/** Errors Node raises before a request exists (header overflow, garbage): JSON too, then close. */
function clientError(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === "ECONNRESET" || !socket.writable) return socket.destroy();
  const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const message = status === 431 ? "The request headers are too large." : status === 408 ? "The request took too long to arrive." : "The request is malformed.";
  const body = errorBodyText(message);
  const head = Object.entries({ ...JSON_HEADERS, "Content-Length": Buffer.byteLength(body), Connection: "close" }).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join("")}\r\n${body}`);
}

/**
 * The request's body as a web stream, read as the handler reads it. Unlike `Readable.toWeb`, cancelling it
 * (a handler that stops at its size bound) drains the rest instead of destroying the socket, whose
 * keep-alive connection then serves the client's next request.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let cancelled = false;
  const settle = (then: () => void) => cancelled || then();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on("data", (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      // (After a cancel the stream is closed already: closing it again throws.)
      req.once("end", () => settle(() => controller.close()));
      req.once("error", (error) => settle(() => controller.error(error)));
    },
    pull: () => void req.resume(),
    cancel: () => {
      cancelled = true;
      req.removeAllListeners("data").resume();
    },
  });
}

/** What is read of a refused body's rest (lingerOnBody), at most: a little past the 1 MB bound, for a little while. */
const LINGER_BYTES = 4 * 1024 * 1024;
const LINGER_MS = 2_000;

/**
 * Before an answer that closes the connection with the request body still arriving (a 413 past the size
 * bound): the rest of the body is read and dropped, up to LINGER_BYTES or LINGER_MS. Closing a socket with
 * unread data makes the kernel reset the connection, and a client still writing its body then gets EPIPE
 * or ECONNRESET instead of the 413 (`tests/contract/hardening.test.ts` saw it). Past either bound the socket
 * closes anyway: a body that never ends is not read for ever.
 */
function lingerOnBody(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    let bytes = 0;
    const done = () => {
      clearTimeout(timer);
      req.removeListener("data", count);
      resolve();
    };
    const count = (chunk: Buffer) => {
      bytes += chunk.byteLength;
      if (bytes > LINGER_BYTES) done();
    };
    const timer = setTimeout(done, LINGER_MS);
    req.on("data", count);
    req.once("end", done);
    req.once("error", done);
    req.once("close", done);
    req.resume();
  });
}

/**
 * A web handler answered here, without Next's router (src/server/transport/front-handlers.ts): the visitor's
 * live stream, held open for as long as the visitor stays, whose per-request objects in Next cost more than
 * the stream itself (docs/decisions/071-visitor-stream-ahead-of-next.md), and the documented `/v1` routes,
 * whose routing in Next cost more than our own work (docs/decisions/091-rest-ahead-of-next.md). The same
 * handlers as the Next routes; the request body is streamed to the handler; closing the socket aborts it.
 */
async function serveDirect(req: IncomingMessage, res: ServerResponse, answer: (request: Request) => Promise<Response>, opts: { abortable: boolean }) {
  // For a handler that watches its request's signal (the visitor's stream): aborted when the client goes away
  // before the answer is complete (an answer sent in full also closes: not an abort). A signal makes the
  // request cost ~2.5× as much to build, so REST, whose handlers do not watch it, goes without.
  const controller = opts.abortable ? new AbortController() : null;
  if (controller) res.on("close", () => res.writableFinished || controller.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const request = new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, {
    method: req.method,
    headers,
    signal: controller?.signal,
    ...(hasBody ? { body: bodyStream(req), duplex: "half" } : {}),
  } as RequestInit);
  try {
    const response = await answer(request);
    // A JSON answer is sent in one write with its length; a stream (server-sent events) or a file download (a
    // contact's export is written while it is read: docs/decisions/124-retention-and-a-persons-data.md) as it comes.
    const streamed = (response.headers.get("content-type") ?? "").startsWith("text/event-stream") || (response.headers.get("content-disposition") ?? "").startsWith("attachment");
    const head: Record<string, string | number> = Object.fromEntries(response.headers);
    // A body the handler did not read (an error answered first) is drained, so the connection stays usable.
    if (hasBody && !req.complete) {
      if (response.headers.get("connection") === "close") await lingerOnBody(req);
      else res.once("finish", () => req.removeAllListeners("data").resume());
    }
    if (!streamed || !response.body) {
      const body = Buffer.from(await response.arrayBuffer());
      res.writeHead(response.status, { ...head, "Content-Length": body.byteLength });
      return void res.end(body);
    }
    res.writeHead(response.status, head);
    // A client gone mid-stream: stop reading (what the stream's producer does with that is its own: a REST
    // answer is still recorded and charged).
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (res.destroyed) break;
      res.write(chunk);
    }
    res.end();
  } catch (error) {
    if (controller?.signal.aborted || res.destroyed) return;
    console.error("[serve] direct handler failed:", error);
    if (!res.headersSent) res.writeHead(500, JSON_HEADERS);
    res.end(res.headersSent ? undefined : errorBodyText("Something went wrong."));
  }
}

await app.prepare();
// The app's server modules import Next's, which expect the environment Next sets up for its route handlers
// (AsyncLocalStorage on globalThis): set up first, then loaded; compiled, they are a bundle of their own (a
// bundle's imports are all evaluated before its code).
await import("next/dist/server/node-environment.js");
// A computed path: the compiled serve.mjs must not bundle it (its Next imports would be evaluated first).
const frontHandlersFile = runningCompiled() ? compiledFile("front-handlers") : path.resolve("src/server/transport/front-handlers.ts");
const front = (await import(pathToFileURL(frontHandlersFile).href)) as typeof import("@/server/transport/front-handlers");
// Every bundle builds its database dates with the Date captured first: it must not be Next's extension, which
// makes each date dearer to build and to read (docs/decisions/097-dates-off-nexts-date-extension.md). Captured
// after Next's environment (a reordered import, or Next setting it up earlier), it is: the server does not start.
if (!isLanguageDate(IntrinsicDate)) {
  throw new Error("serve.ts: Next's environment was set up before kernel/lib/intrinsic-date captured the language's Date; import it first.");
}
const server = createServer({ connectionsCheckingInterval: 1000 }, (req, res) => {
  // The socket's peer for the app (Next route handlers cannot see it); always overwritten, so a client cannot forge it.
  req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
  const pathname = (req.url ?? "/").split("?")[0] ?? "/";
  if (refuse(req, res, pathname)) return;
  if (isApiPath(pathname)) {
    for (const [name, value] of Object.entries(securityHeaders({ pathname, nonce: null, https, dev }))) res.setHeader(name, value);
    giveEmptyErrorsAJsonBody(req, res);
  } else if ((req.method === "GET" || req.method === "HEAD") && !pathname.startsWith("/_next/")) front.answerPageOutages(res);
  const stream = req.method === "GET" ? front.visitorStreamParams(pathname) : null;
  if (stream) return void serveDirect(req, res, (request) => front.visitorStream(request, { params: Promise.resolve(stream) }), { abortable: true });
  // In development Next serves REST too, so that an edited procedure is reloaded.
  const route = !dev && pathname.startsWith("/v1/") ? front.documentedRoute(req.method ?? "GET", pathname) : null;
  if (route) return void serveDirect(req, res, (request) => front.answerDocumentedRoute(request, route), { abortable: false });
  void handle(req, res);
});
server.on("clientError", clientError);
// A request must arrive in time (a body that never finishes would hold its connection for Node's
// default 300 s, checked every 30 s): headers within HTTP_HEADERS_TIMEOUT_SECONDS, the whole request
// within HTTP_REQUEST_TIMEOUT_SECONDS, checked every second; late ones get a 408 JSON (clientError).
// Responses are not bounded by this: a streamed answer may take as long as it needs.
server.headersTimeout = Math.min(env().HTTP_HEADERS_TIMEOUT_SECONDS, env().HTTP_REQUEST_TIMEOUT_SECONDS) * 1000;
server.requestTimeout = env().HTTP_REQUEST_TIMEOUT_SECONDS * 1000;
// Node's 5 s default ends idle connections before a proxy's 60 s (and, on a loaded machine, while a client's own 4 s
// had not run out): the next request sent on one fails with "other side closed".
server.keepAliveTimeout = env().HTTP_KEEP_ALIVE_SECONDS * 1000;
server.listen(port, hostname, () => console.log(`▲ Next.js ready on http://${hostname}:${port}${dev ? " (dev)" : ""}`));

const stop = () => {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 5000).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
// Started by `npm start`'s supervisor (scripts/start.ts) with an IPC channel: it closes when the supervisor's
// process ends, however it ends (a SIGKILL runs no handler there), and the web server must not outlive it.
if (process.channel) {
  process.channel.unref();
  process.once("disconnect", () => {
    console.error("[serve] the supervisor is gone; stopping.");
    server.closeAllConnections();
    stop();
  });
}
