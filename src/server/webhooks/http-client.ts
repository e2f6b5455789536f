import dns from "node:dns";
import { readFileSync } from "node:fs";
import net from "node:net";
import tls from "node:tls";
import { Agent, request } from "undici";
import { isForbiddenAddress } from "@/server/domain/ssrf";
import { env } from "@/server/env";

/**
 * Outbound HTTP for webhook deliveries: the resolved address is checked at
 * connect time (so DNS rebinding cannot slip a private address past a check
 * made earlier), redirects are never followed, one overall timeout, and extra
 * trusted CAs from WEBHOOK_CA_CERTS.
 */
export class BlockedAddressError extends Error {}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback) {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as dns.LookupAddress[];
    const blocked = list.find((a) => isForbiddenAddress(a.address));
    if (blocked) return callback(new BlockedAddressError(`${hostname} resolves to ${blocked.address}, a private or reserved address`), []);
    if (options.all) return callback(null, list);
    const first = list[0];
    if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), []);
    callback(null, first.address, first.family);
  });
}

let agent: Agent | undefined;
function dispatcher(): Agent {
  if (agent) return agent;
  const { WEBHOOK_ALLOW_PRIVATE_NETWORKS, WEBHOOK_CA_CERTS } = env();
  const ca = WEBHOOK_CA_CERTS ? [...tls.rootCertificates, readFileSync(WEBHOOK_CA_CERTS, "utf8")] : undefined;
  agent = new Agent({
    connections: 64,
    keepAliveTimeout: 10_000,
    connect: { ...(ca ? { ca } : {}), ...(WEBHOOK_ALLOW_PRIVATE_NETWORKS ? {} : { lookup: guardedLookup as never }) },
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
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host) && !env().WEBHOOK_ALLOW_PRIVATE_NETWORKS && isForbiddenAddress(host)) {
    throw new BlockedAddressError(`${host} is a private or reserved address`);
  }
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
