import { readFileSync } from "node:fs";
import tls from "node:tls";
import { Agent, request, type Dispatcher } from "undici";
import { assertLiteralHostAllowed, BlockedAddressError, guardedLookup, type NetPolicy } from "@/server/kernel/net/guard";

/**
 * The platform's one outbound HTTP client (docs/decisions/101-one-way-out.md). Each caller configures its
 * instance once — the crawler, HTTP actions, webhook deliveries, each provider's API — and every request
 * goes through the same steps: the SSRF guard where the URL comes from a user (the literal host before
 * anything is sent, every resolved address when a socket connects), one time limit for the whole exchange,
 * a byte cap on the response, redirects either returned as the answer or followed by hand with every hop
 * checked again. A failure is an `OutboundError` of a known kind; the caller words it for its own readers.
 */
export interface ClientConfig {
  /**
   * The guard for URLs a user chose (a crawled site, an action, a webhook endpoint). Null: a provider's
   * base URL from the environment, trusted as configured (tests point it at 127.0.0.1).
   */
  policy: NetPolicy | null;
  /** Connections kept per origin, and how long an idle one stays open for the next request. */
  connections: number;
  keepAliveMs: number;
  /** A PEM file of CAs trusted on top of the system roots. */
  caFile?: string;
}

export interface OutboundRequest {
  url: string | URL;
  method?: Dispatcher.HttpMethod;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  maxBytes: number;
  /** A body past `maxBytes`: a failure (default), or cut there — read on to its end so the connection is kept. */
  overflow?: "fail" | "truncate";
  /** Redirects followed (same method and headers), each hop through the guard again; 0 (default): a 3xx is the answer. */
  maxRedirects?: number;
  /** Another guard for this request than the client's (the crawler's tests open private networks). */
  policy?: NetPolicy;
}

export interface OutboundResponse {
  status: number;
  /** The URL that answered (after the redirects followed). */
  url: string;
  /** Each header once, repeated values joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
}

export type OutboundFailure = "blocked" | "timeout" | "unreachable" | "too_large" | "redirects" | "scheme";

export class OutboundError extends Error {
  override name = "OutboundError";
  constructor(
    readonly kind: OutboundFailure,
    message: string,
    /** `code`: the system's error code when no answer came (ECONNREFUSED, ENOTFOUND, a TLS code); `status`: the answer's, for `too_large`. */
    readonly detail: { code?: string; status?: number; cause?: unknown } = {},
  ) {
    super(message, detail.cause === undefined ? undefined : { cause: detail.cause });
  }
}

/** The response body as JSON; null when empty or not JSON. */
export function jsonOf(res: OutboundResponse): unknown {
  if (!res.body.length) return null;
  try {
    return JSON.parse(res.body.toString("utf8")) as unknown;
  } catch {
    return null;
  }
}

const isRedirect = (status: number) => status >= 300 && status < 400 && status !== 304;

function flatHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) headers[k] = Array.isArray(v) ? v.join(", ") : (v ?? "");
  return headers;
}

async function readBody(res: Dispatcher.ResponseData, maxBytes: number, overflow: "fail" | "truncate"): Promise<Buffer> {
  const tooLarge = () => new OutboundError("too_large", `The response is larger than ${maxBytes} bytes`, { status: res.statusCode });
  if (overflow === "fail" && Number(res.headers["content-length"]) > maxBytes) {
    await res.body.dump();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    const room = maxBytes - size;
    size += chunk.length;
    if (chunk.length <= room) chunks.push(chunk);
    else if (overflow === "truncate") {
      if (room > 0) chunks.push(chunk.subarray(0, room));
    } else {
      res.body.destroy();
      throw tooLarge();
    }
  }
  return Buffer.concat(chunks);
}

/** Any failure on the way, as the one error type (the guard's refusal kept as its cause, so `isBlockedError` holds). */
function outboundError(error: unknown): OutboundError {
  if (error instanceof OutboundError) return error;
  const e = error as Error & { code?: string; cause?: { code?: string; message?: string } };
  const blocked = e instanceof BlockedAddressError ? e : e?.cause instanceof BlockedAddressError ? e.cause : null;
  if (blocked) return new OutboundError("blocked", blocked.message, { cause: blocked });
  if (e?.name === "TimeoutError" || e?.name === "AbortError") return new OutboundError("timeout", e.message, { cause: e });
  const code = e?.code ?? e?.cause?.code;
  return new OutboundError("unreachable", e?.cause?.message ?? e?.message ?? String(error), { ...(code ? { code } : {}), cause: e });
}

export interface OutboundClient {
  send(req: OutboundRequest): Promise<OutboundResponse>;
}

/**
 * A client with its own connection pools. `configure` is read on each request (it reads the environment, which is
 * read once): pools and TLS context are made on the first and made again only if the configuration changed — a
 * process whose environment is read anew (the database tests run many files in one process) gets new ones.
 */
export function outboundClient(configure: () => ClientConfig): OutboundClient {
  let config: ClientConfig | undefined;
  let configured = "";
  let secureContext: tls.SecureContext | undefined;
  const agents = new Map<boolean | null, Agent>();

  function current(): ClientConfig {
    const next = configure();
    const key = JSON.stringify(next);
    if (config && key === configured) return config;
    for (const agent of agents.values()) void agent.close().catch(() => undefined);
    agents.clear();
    secureContext = undefined;
    configured = key;
    config = next;
    return config;
  }

  function agentFor(config: ClientConfig, policy: NetPolicy | null): Agent {
    const key = policy ? policy.allowPrivate : null;
    let agent = agents.get(key);
    if (agent) return agent;
    // One TLS context for every connection: given `ca`, each tls.connect would build its own, parsing all
    // ~140 system roots again (~50 ms of CPU per new connection, the bulk of a webhook worker's time in a burst).
    if (config.caFile) secureContext ??= tls.createSecureContext({ ca: [...tls.rootCertificates, readFileSync(config.caFile, "utf8")] });
    agent = new Agent({
      connections: config.connections,
      keepAliveTimeout: config.keepAliveMs,
      connect: { ...(secureContext ? { secureContext } : {}), ...(policy ? { lookup: guardedLookup(policy) as never } : {}) },
    });
    agents.set(key, agent);
    return agent;
  }

  return {
    async send(req) {
      const config = current();
      const policy = req.policy ?? config.policy;
      const dispatcher = agentFor(config, policy);
      const signal = AbortSignal.timeout(req.timeoutMs);
      const maxRedirects = req.maxRedirects ?? 0;
      try {
        let url = typeof req.url === "string" ? new URL(req.url) : req.url;
        for (let hop = 0; ; hop++) {
          if (url.protocol !== "http:" && url.protocol !== "https:") throw new OutboundError("scheme", `Unsupported URL scheme ${url.protocol}`);
          if (policy) assertLiteralHostAllowed(url, policy);
          const res = await request(url, { method: req.method ?? "GET", headers: req.headers, body: req.body, dispatcher, signal });
          const location = maxRedirects > 0 && isRedirect(res.statusCode) ? res.headers.location : undefined;
          if (location) {
            await res.body.dump();
            if (hop >= maxRedirects) throw new OutboundError("redirects", `More than ${maxRedirects} redirects`);
            url = new URL(Array.isArray(location) ? location[0]! : location, url);
            continue;
          }
          const body = await readBody(res, req.maxBytes, req.overflow ?? "fail");
          return { status: res.statusCode, url: url.toString(), headers: flatHeaders(res.headers), body };
        }
      } catch (error) {
        throw outboundError(error);
      }
    },
  };
}
