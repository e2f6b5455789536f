import { env } from "@/server/kernel/env";
import { outboundClient } from "@/server/kernel/net/client";
import { parseRetryAfter } from "@/server/kernel/net/retry";

/**
 * Outbound HTTP for webhook deliveries, through the platform's one outbound client
 * (kernel/net/client.ts) and its SSRF guard: the resolved address is checked at connect time, redirects
 * are never followed (a 3xx is a failed attempt), one overall timeout, extra trusted CAs from
 * WEBHOOK_CA_CERTS in one TLS context shared by every connection, and up to 64 connections kept alive per
 * receiver for a burst.
 */
const webhooksHttp = outboundClient(() => ({
  policy: { allowPrivate: env().WEBHOOK_ALLOW_PRIVATE_NETWORKS },
  connections: 64,
  keepAliveMs: 10_000,
  ...(env().WEBHOOK_CA_CERTS ? { caFile: env().WEBHOOK_CA_CERTS } : {}),
}));

/** What is kept of a receiver's answer: its first characters (the delivery log shows 200 of them). */
const KEPT_BODY_BYTES = 4096;

export interface WebhookResponse {
  status: number;
  body: string;
  /** Seconds, from the answer's `Retry-After` (null: none, or unreadable). */
  retryAfter: number | null;
}

/** POSTs one signed delivery. Throws an OutboundError on network errors, timeouts and blocked addresses. */
export async function postWebhook(url: string, headers: Record<string, string>, body: string): Promise<WebhookResponse> {
  if (new URL(url).protocol !== "https:") throw new Error("only https:// endpoints are called");
  const res = await webhooksHttp.send({ url, method: "POST", headers, body, timeoutMs: env().WEBHOOK_TIMEOUT_MS, maxBytes: KEPT_BODY_BYTES, overflow: "truncate" });
  return { status: res.status, body: res.body.toString("utf8").slice(0, 1024), retryAfter: parseRetryAfter(res.headers["retry-after"]) };
}
