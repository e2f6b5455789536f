import { gunzipSync } from "node:zlib";
import { env } from "@/server/kernel/env";
import { outboundClient, OutboundError } from "@/server/kernel/net/client";
import type { NetPolicy } from "@/server/kernel/net/guard";

/**
 * The crawler's requests, through the platform's one outbound client (kernel/net/client.ts): every hop
 * through the SSRF guard (literal host first, resolved address at connect time), redirects followed by
 * hand up to MAX_REDIRECTS so each hop is checked, a byte cap read as it streams, one timeout per request,
 * our own user agent. One client for the process, so connections to a site are kept between its pages.
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

const crawler = outboundClient(() => ({ policy: crawlerPolicy(), connections: 8, keepAliveMs: 5_000 }));

export function userAgent(): string {
  return `AgencyChatbotBot/1.0 (+${env().APP_URL})`;
}

export interface FetchOptions {
  policy?: NetPolicy;
  timeoutMs?: number;
  maxBytes?: number;
  headers?: Record<string, string>;
}

const ACCEPT = "text/html,application/xhtml+xml,application/pdf,text/plain;q=0.9,*/*;q=0.5";

export async function crawlFetch(url: string, opts: FetchOptions = {}): Promise<FetchedResource> {
  const maxBytes = opts.maxBytes ?? MAX_PAGE_BYTES;
  let res;
  try {
    res = await crawler.send({
      url,
      headers: { "user-agent": userAgent(), accept: ACCEPT, ...opts.headers },
      timeoutMs: opts.timeoutMs ?? env().CRAWL_PAGE_TIMEOUT_MS,
      maxBytes,
      maxRedirects: MAX_REDIRECTS,
      ...(opts.policy ? { policy: opts.policy } : {}),
    });
  } catch (error) {
    // The crawler's own words for the failures it names (a page's status reason); the others stay as they are.
    if (error instanceof OutboundError && (error.kind === "too_large" || error.kind === "redirects" || error.kind === "scheme")) {
      throw new FetchFailure(error.kind === "too_large" ? `Larger than ${Math.round(maxBytes / 1024 / 1024)} MB` : error.message, error.kind);
    }
    throw error;
  }
  return {
    status: res.status,
    finalUrl: res.url,
    contentType: (res.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase(),
    headers: res.headers,
    body: new Uint8Array(res.body),
  };
}

/** A sitemap body, gunzipped when it is gzip (by magic bytes: servers label .xml.gz inconsistently). */
export function sitemapText(body: Uint8Array): string {
  const buf = Buffer.from(body);
  if (buf.length > 2 && buf[0] === 0x1f && buf[1] === 0x8b) return gunzipSync(buf, { maxOutputLength: 50 * 1024 * 1024 }).toString("utf8");
  return buf.toString("utf8");
}
