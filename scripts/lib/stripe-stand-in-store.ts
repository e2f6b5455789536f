/**
 * The Stripe stand-in's accounts and objects (stripe-stand-in.ts serves them): what Stripe keeps per account
 * — products, prices (one-off, recurring licensed, recurring metered on a Billing Meter), meters and their
 * events (de-duplicated by `identifier`), customers, Checkout Sessions, subscriptions, invoices, webhook
 * endpoints and events — in the shapes of Stripe's published API description (the `stripe` package's types
 * are generated from it). Each change that Stripe announces appends an event to `account.events`; the
 * stand-in's deliveries send them (stripe-stand-in-deliveries.ts).
 */
import { randomBytes } from "node:crypto";

export type StripeObject = Record<string, unknown> & { id: string; object: string };

export interface StripeEvent extends StripeObject {
  type: string;
  created: number;
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
}

export interface Account {
  id: string;
  name: string;
  currency: string;
  keys: Set<string>;
  products: Map<string, StripeObject>;
  prices: Map<string, StripeObject>;
  meters: Map<string, StripeObject>;
  /** Every meter event accepted, by identifier (a repeated identifier is the same event). */
  meterEvents: Map<string, { event_name: string; customer: string; value: number; timestamp: number }>;
  customers: Map<string, StripeObject>;
  sessions: Map<string, StripeObject>;
  subscriptions: Map<string, StripeObject>;
  invoices: Map<string, StripeObject>;
  endpoints: Map<string, StripeObject & { url: string; secret: string; enabled_events: string[] }>;
  events: StripeEvent[];
  /** Events of the request being served, handed to the deliveries when it ends. */
  pending: StripeEvent[];
}

export const API_VERSION = "2026-10-28.endive";
export const nowSeconds = () => Math.floor(Date.now() / 1000);
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export function newAccount(opts: { secretKey: string; name: string; currency: string }): Account {
  return {
    id: newId("acct"),
    name: opts.name,
    currency: opts.currency,
    keys: new Set([opts.secretKey]),
    products: new Map(),
    prices: new Map(),
    meters: new Map(),
    meterEvents: new Map(),
    customers: new Map(),
    sessions: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    endpoints: new Map(),
    events: [],
    pending: [],
  };
}

/** An event about `object` as it is now (a snapshot), queued for delivery when the request ends. */
export function emit(account: Account, type: string, object: StripeObject, previous?: Record<string, unknown>) {
  const event: StripeEvent = {
    id: newId("evt"),
    object: "event",
    api_version: API_VERSION,
    created: nowSeconds(),
    livemode: false,
    pending_webhooks: account.endpoints.size,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: clone(object), ...(previous ? { previous_attributes: previous } : {}) },
  };
  account.events.push(event);
  account.pending.push(event);
}

/** Newest first, as Stripe lists. */
export const newestFirst = <T extends StripeObject>(items: Iterable<T>) => [...items].sort((a, b) => Number(b.created) - Number(a.created) || (a.id < b.id ? 1 : -1));

export function accountObject(account: Account) {
  return {
    id: account.id,
    object: "account",
    business_profile: { name: account.name },
    settings: { dashboard: { display_name: account.name } },
    default_currency: account.currency,
    country: "US",
    charges_enabled: true,
    details_submitted: true,
    type: "standard",
  };
}

/** What an invoice line or a renewal charges for a price: licensed × quantity, metered by usage (`transform_quantity` rounding up). */
export function priceAmount(price: StripeObject, quantity: number): number {
  const unit = Number(price.unit_amount ?? 0);
  const transform = price.transform_quantity as { divide_by: number; round: "up" | "down" } | null;
  if (!transform) return unit * quantity;
  const units = quantity / transform.divide_by;
  return unit * (transform.round === "up" ? Math.ceil(units) : Math.floor(units));
}

/** The interval's end: one month (clamped to the month's last day) or one year later, in UTC. */
export function addInterval(start: number, interval: string, count = 1): number {
  const d = new Date(start * 1000);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  if (interval === "year") d.setUTCFullYear(d.getUTCFullYear() + count);
  else if (interval === "month") d.setUTCMonth(d.getUTCMonth() + count);
  else return start + count * (interval === "week" ? 7 : 1) * 86_400;
  d.setUTCDate(Math.min(day, new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()));
  return Math.floor(d.getTime() / 1000);
}

/** The usage a meter summed for a customer over [from, to). */
export function meterUsage(account: Account, eventName: string, customer: string, from: number, to: number): number {
  let total = 0;
  for (const e of account.meterEvents.values()) if (e.event_name === eventName && e.customer === customer && e.timestamp >= from && e.timestamp < to) total += e.value;
  return total;
}
