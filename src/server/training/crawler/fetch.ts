import { gunzipSync } from "node:zlib";
import { Agent, request } from "undici";
import { env } from "@/server/kernel/env";
import { assertLiteralHostAllowed, guardedLookup, type NetPolicy } from "@/server/kernel/net/guard";

/**
 * The crawler's HTTP client: every hop through the SSRF guard (literal host
 * first, resolved address at connect time), redirects followed by hand up to
 * MAX_REDIRECTS so each hop is checked, a byte cap read as it streams, one
 * timeout per request, our own user agent.
 */
export const MAX_REDIRECTS = 5;
export const MAX_PAGE_BYTES = 5 * 1024 * 1024;

export class FetchFailure extends Error {
  constructor(
    message: string,
    readonly kind: "too_large" | "redirects" | "scheme",
  ) {
    super(message);
  }
}

export interface FetchedResource {
  status: number;
  finalUrl: string;
  contentType: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

export const crawlerPolicy = (): NetPolicy => ({ allowPrivate: env().CRAWLER_ALLOW_PRIVATE_NETWORKS });

const agents = new Map<boolean, Agent>();
function dispatcherFor(policy: NetPolicy): Agent {
  let agent = agents.get(policy.allowPrivate);
  if (!agent) {
    agent = new Agent({ connections: 8, keepAliveTimeout: 5_000, connect: { lookup: guardedLookup(policy) as never } });
    agents.set(policy.allowPrivate, agent);
  }
  return agent;
}

export function userAgent(): string {
  return `AgencyChatbotBot/1.0 (+${env().APP_URL})`;
}

export interface FetchOptions {
  policy?: NetPolicy;
  timeoutMs?: number;
  maxBytes?: number;
  headers?: Record<string, string>;
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string {
  const v = headers[name];
  return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
}

export async function crawlFetch(url: string, opts: FetchOptions = {}): Promise<FetchedResource> {
  const policy = opts.policy ?? crawlerPolicy();
  const maxBytes = opts.maxBytes ?? MAX_PAGE_BYTES;
  const signal = AbortSignal.timeout(opts.timeoutMs ?? env().CRAWL_PAGE_TIMEOUT_MS);
  let current = new URL(url);
  for (let hop = 0; ; hop++) {
    if (current.protocol !== "http:" && current.protocol !== "https:") throw new FetchFailure(`Unsupported URL scheme ${current.protocol}`, "scheme");
    assertLiteralHostAllowed(current, policy);
    const res = await request(current, {
      method: "GET",
      headers: { "user-agent": userAgent(), accept: "text/html,application/xhtml+xml,application/pdf,text/plain;q=0.9,*/*;q=0.5", ...opts.headers },
      dispatcher: dispatcherFor(policy),
      signal,
    });
    const location = header(res.headers, "location");
    if (res.statusCode >= 300 && res.statusCode < 400 && res.statusCode !== 304 && location) {
      await res.body.dump();
      if (hop >= MAX_REDIRECTS) throw new FetchFailure(`More than ${MAX_REDIRECTS} redirects`, "redirects");
      current = new URL(location, current);
      continue;
    }
    const declared = Number(header(res.headers, "content-length"));
    if (declared > maxBytes) {
      await res.body.dump();
      throw new FetchFailure(`Larger than ${Math.round(maxBytes / 1024 / 1024)} MB`, "too_large");
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) {
        res.body.destroy();
        throw new FetchFailure(`Larger than ${Math.round(maxBytes / 1024 / 1024)} MB`, "too_large");
      }
      chunks.push(chunk);
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) headers[k] = Array.isArray(v) ? v.join(", ") : (v ?? "");
    return {
      status: res.statusCode,
      finalUrl: current.toString(),
      contentType: (headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase(),
      headers,
      body: new Uint8Array(Buffer.concat(chunks)),
    };
  }
}

/** A sitemap body, gunzipped when it is gzip (by magic bytes: servers label .xml.gz inconsistently). */
export function sitemapText(body: Uint8Array): string {
  const buf = Buffer.from(body);
  if (buf.length > 2 && buf[0] === 0x1f && buf[1] === 0x8b) return gunzipSync(buf, { maxOutputLength: 50 * 1024 * 1024 }).toString("utf8");
  return buf.toString("utf8");
}
