import { readFileSync } from "node:fs";
import tls from "node:tls";
import { Agent, request } from "undici";
import { env } from "@/server/kernel/env";
import { assertLiteralHostAllowed, BlockedAddressError, guardedLookup, type NetPolicy } from "@/server/kernel/net/guard";

/**
 * Outbound HTTP for webhook deliveries through the one SSRF guard
 * (`kernel/net/guard.ts`): the resolved address is checked at connect time,
 * redirects are never followed, one overall timeout, and extra trusted CAs
 * from WEBHOOK_CA_CERTS.
 */
export { BlockedAddressError };

const policy = (): NetPolicy => ({ allowPrivate: env().WEBHOOK_ALLOW_PRIVATE_NETWORKS });

let agent: Agent | undefined;
function dispatcher(): Agent {
  if (agent) return agent;
  const { WEBHOOK_CA_CERTS } = env();
  // One TLS context for every connection: given `ca`, each tls.connect would build its own, parsing all
  // ~140 system roots again (~50 ms of CPU per new connection, the bulk of a worker's time in a burst).
  const secureContext = WEBHOOK_CA_CERTS ? tls.createSecureContext({ ca: [...tls.rootCertificates, readFileSync(WEBHOOK_CA_CERTS, "utf8")] }) : undefined;
  agent = new Agent({
    connections: 64,
    keepAliveTimeout: 10_000,
    connect: { ...(secureContext ? { secureContext } : {}), lookup: guardedLookup(policy()) as never },
  });
  return agent;
}

export interface WebhookResponse {
  status: number;
  body: string;
  retryAfter: string | null;
}

/** POSTs one signed delivery. Throws on network errors, timeouts and blocked addresses. */
export async function postWebhook(url: string, headers: Record<string, string>, body: string): Promise<WebhookResponse> {
  const target = new URL(url);
  if (target.protocol !== "https:") throw new Error("only https:// endpoints are called");
  assertLiteralHostAllowed(target, policy());
  const res = await request(target, {
    method: "POST",
    headers,
    body,
    dispatcher: dispatcher(),
    signal: AbortSignal.timeout(env().WEBHOOK_TIMEOUT_MS),
  });
  let text = "";
  for await (const chunk of res.body) {
    if (text.length < 1024) text += chunk.toString();
  }
  const retryAfter = res.headers["retry-after"];
  return { status: res.statusCode, body: text.slice(0, 1024), retryAfter: Array.isArray(retryAfter) ? (retryAfter[0] ?? null) : (retryAfter ?? null) };
}
