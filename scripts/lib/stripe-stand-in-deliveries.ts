/**
 * The Stripe stand-in's webhook deliveries, as Stripe sends them: a JSON POST of the event to every endpoint
 * of the account that enabled its type, signed `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "t.body" keyed by the endpoint's whsec_ secret>`, retried while the endpoint does not answer 2xx. Stripe
 * promises neither order nor a single delivery, and the stand-in can show both: the events of one request
 * delivered in reverse order, and each of them twice.
 */
import { createHmac } from "node:crypto";
import type { Account, StripeEvent } from "./stripe-stand-in-store";

export interface DeliveryOptions {
  /** The events of one request: in the order they happened, or last first. */
  order: "in-order" | "reversed";
  /** Each event sent twice (the receiver must take it once). */
  duplicates: boolean;
  /** Waits before the retries of a failed delivery (ms); their count is the retries. */
  retryDelaysMs: number[];
}

export interface DeliveryRecord {
  event: string;
  type: string;
  url: string;
  statuses: Array<number | string>;
  delivered: boolean;
}

export function signatureHeader(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

export function deliveries(options: DeliveryOptions) {
  const records: DeliveryRecord[] = [];
  let inFlight = 0;
  let idleWaiters: Array<() => void> = [];
  const settle = () => {
    if (inFlight > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    waiters.forEach((w) => w());
  };

  async function attempt(record: DeliveryRecord, secret: string, body: string, retry: number): Promise<void> {
    try {
      const res = await fetch(record.url, {
        method: "POST",
        headers: { "Content-Type": "application/json; charset=utf-8", "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)", "Stripe-Signature": signatureHeader(secret, body) },
        body,
        signal: AbortSignal.timeout(20_000),
      });
      await res.arrayBuffer();
      record.statuses.push(res.status);
      if (res.ok) record.delivered = true;
    } catch (error) {
      record.statuses.push((error as Error).message);
    }
    const wait = options.retryDelaysMs[retry];
    if (record.delivered || wait === undefined) return;
    inFlight++;
    setTimeout(() => void attempt(record, secret, body, retry + 1).finally(() => (inFlight--, settle())), wait).unref();
  }

  return {
    records,
    options,
    /** Sends the events a request made (one after the other, each endpoint in turn). */
    async send(account: Account, events: StripeEvent[]) {
      const ordered = options.order === "reversed" ? [...events].reverse() : events;
      inFlight++;
      try {
        for (const event of ordered) {
          const body = JSON.stringify(event, null, 2);
          for (const endpoint of account.endpoints.values()) {
            if (!endpoint.enabled_events.includes("*") && !endpoint.enabled_events.includes(event.type)) continue;
            for (let copy = 0; copy < (options.duplicates ? 2 : 1); copy++) {
              const record: DeliveryRecord = { event: event.id, type: event.type, url: endpoint.url, statuses: [], delivered: false };
              records.push(record);
              await attempt(record, endpoint.secret, body, 0);
            }
          }
        }
      } finally {
        inFlight--;
        settle();
      }
    },
    /** Resolves once nothing is being sent or waiting for a retry. */
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))),
  };
}
