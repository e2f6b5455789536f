/**
 * The Stripe stand-in's catalogue routes: products, prices, Billing Meters and meter events, customers and
 * webhook endpoints (`/v1/...`, form-encoded, as Stripe's API reference documents them).
 */
import { randomBytes } from "node:crypto";
import { arr, bool, int, invalid, metadataOf, noSuch, obj, page, str, StripeApiError, type Form } from "./stripe-stand-in-http";
import { accountObject, newestFirst, newId, nowSeconds, type Account, type StripeObject } from "./stripe-stand-in-store";

export interface Call {
  account: Account;
  form: Form;
  query: URLSearchParams;
  params: string[];
  url: string;
}
export type Route = [method: string, path: RegExp, handler: (call: Call) => unknown];

const CURRENCY = /^[a-z]{3}$/;
const currencyOf = (form: Form, param = "currency") => {
  const currency = str(form, param, true).toLowerCase();
  if (!CURRENCY.test(currency)) throw invalid(param, `Invalid currency: ${currency}.`);
  return currency;
};

export function getOr404(map: Map<string, StripeObject>, id: string, what: string): StripeObject {
  const found = map.get(id);
  if (!found) throw noSuch(what, id);
  return found;
}

function createPrice({ account, form }: Call): StripeObject {
  const product = str(form, "product", true);
  getOr404(account.products, product, "product");
  const recurringForm = obj(form, "recurring");
  const interval = str(recurringForm, "interval");
  if (interval !== undefined && !["day", "week", "month", "year"].includes(interval)) throw invalid("recurring[interval]", `Invalid recurring[interval]: must be one of day, week, month, or year`);
  const usageType = str(recurringForm, "usage_type") ?? "licensed";
  const meter = str(recurringForm, "meter");
  if (usageType === "metered" && !meter) throw new StripeApiError(400, "invalid_request_error", "Metered prices must be backed by a meter.", "parameter_missing", "recurring[meter]");
  if (meter) getOr404(account.meters, meter, "billing.meter");
  const transform = obj(form, "transform_quantity");
  const unitAmount = int(form, "unit_amount");
  if (unitAmount === undefined) throw new StripeApiError(400, "invalid_request_error", "Missing required param: unit_amount.", "parameter_missing", "unit_amount");
  const price: StripeObject = {
    id: newId("price"),
    object: "price",
    active: true,
    billing_scheme: "per_unit",
    created: nowSeconds(),
    currency: currencyOf(form),
    livemode: false,
    metadata: metadataOf(form),
    nickname: str(form, "nickname") ?? null,
    product,
    recurring: interval ? { interval, interval_count: 1, meter: meter ?? null, usage_type: usageType } : null,
    transform_quantity: Object.keys(transform).length ? { divide_by: int(transform, "divide_by", true), round: str(transform, "round", true) } : null,
    type: interval ? "recurring" : "one_time",
    unit_amount: unitAmount,
  };
  account.prices.set(price.id, price);
  return price;
}

function createMeter({ account, form }: Call): StripeObject {
  const eventName = str(form, "event_name", true);
  if ([...account.meters.values()].some((m) => m.event_name === eventName && m.status === "active")) {
    throw new StripeApiError(400, "invalid_request_error", `An active meter with event_name '${eventName}' already exists.`, "resource_already_exists", "event_name");
  }
  const meter: StripeObject = {
    id: newId("mtr"),
    object: "billing.meter",
    created: nowSeconds(),
    display_name: str(form, "display_name", true),
    event_name: eventName,
    default_aggregation: { formula: str(obj(form, "default_aggregation"), "formula") ?? "sum" },
    customer_mapping: { event_payload_key: str(obj(form, "customer_mapping"), "event_payload_key") ?? "stripe_customer_id", type: "by_id" },
    value_settings: { event_payload_key: str(obj(form, "value_settings"), "event_payload_key") ?? "value" },
    status: "active",
    livemode: false,
  };
  account.meters.set(meter.id, meter);
  return meter;
}

/** A meter event: accepted once per `identifier` (a repeat with the same identifier changes nothing). */
function createMeterEvent({ account, form }: Call) {
  const eventName = str(form, "event_name", true);
  const meter = [...account.meters.values()].find((m) => m.event_name === eventName && m.status === "active");
  if (!meter) throw new StripeApiError(400, "invalid_request_error", `No active meter was found for event_name '${eventName}'.`, "resource_missing", "event_name");
  const payload = obj(form, "payload");
  const customerKey = (meter.customer_mapping as { event_payload_key: string }).event_payload_key;
  const valueKey = (meter.value_settings as { event_payload_key: string }).event_payload_key;
  const customer = str(payload, customerKey, true);
  getOr404(account.customers, customer, "customer");
  const value = str(payload, valueKey, true);
  if (!/^\d+$/.test(value)) throw invalid(`payload[${valueKey}]`, "The meter event value must be a whole number.");
  const identifier = str(form, "identifier") ?? newId("mev");
  const timestamp = int(form, "timestamp") ?? nowSeconds();
  if (!account.meterEvents.has(identifier)) account.meterEvents.set(identifier, { event_name: eventName, customer, value: Number(value), timestamp });
  return { object: "billing.meter_event", created: nowSeconds(), event_name: eventName, identifier, livemode: false, payload: { [customerKey]: customer, [valueKey]: value }, timestamp };
}

function eventSummaries({ account, query, params, url }: Call) {
  const meter = getOr404(account.meters, params[0]!, "billing.meter");
  const customer = query.get("customer");
  if (!customer) throw invalid("customer", "Missing required param: customer.");
  const start = Number(query.get("start_time"));
  const end = Number(query.get("end_time"));
  if (!Number.isInteger(start) || !Number.isInteger(end)) throw invalid("start_time", "start_time and end_time are required integers.");
  let total = 0;
  for (const e of account.meterEvents.values()) if (e.event_name === meter.event_name && e.customer === customer && e.timestamp >= start && e.timestamp < end) total += e.value;
  const summary = { id: newId("mtrusg"), object: "billing.meter_event_summary", aggregated_value: total, start_time: start, end_time: end, livemode: false, meter: meter.id };
  return page([summary], query, url);
}

function updateById(map: Map<string, StripeObject>, what: string) {
  return ({ form, params }: Call) => {
    const found = getOr404(map, params[0]!, what);
    const active = bool(form, "active");
    if (active !== undefined) found.active = active;
    const name = str(form, "name");
    if (name !== undefined) found.name = name;
    if (form.metadata) found.metadata = { ...(found.metadata as object), ...metadataOf(form) };
    return found;
  };
}

function listOf(select: (account: Account) => Iterable<StripeObject>, filter: (o: StripeObject, q: URLSearchParams) => boolean = () => true) {
  return ({ account, query, url }: Call) => page(newestFirst(select(account)).filter((o) => filter(o, query)), query, url);
}

const matches = (field: string) => (o: StripeObject, q: URLSearchParams) => q.get(field) === null || o[field] === q.get(field);

export const catalogRoutes: Route[] = [
  ["GET", /^\/v1\/account$/, ({ account }) => accountObject(account)],
  ["GET", /^\/v1\/products$/, listOf((a) => a.products.values(), matches("active") as never)],
  [
    "POST",
    /^\/v1\/products$/,
    ({ account, form }) => {
      const product: StripeObject = { id: newId("prod"), object: "product", active: true, created: nowSeconds(), name: str(form, "name", true), description: str(form, "description") ?? null, metadata: metadataOf(form), livemode: false };
      account.products.set(product.id, product);
      return product;
    },
  ],
  ["GET", /^\/v1\/products\/([^/]+)$/, ({ account, params }) => getOr404(account.products, params[0]!, "product")],
  ["POST", /^\/v1\/products\/([^/]+)$/, (call) => updateById(call.account.products, "product")(call)],
  ["GET", /^\/v1\/prices$/, listOf((a) => a.prices.values(), matches("product"))],
  ["POST", /^\/v1\/prices$/, createPrice],
  ["GET", /^\/v1\/prices\/([^/]+)$/, ({ account, params }) => getOr404(account.prices, params[0]!, "price")],
  ["POST", /^\/v1\/prices\/([^/]+)$/, (call) => updateById(call.account.prices, "price")(call)],
  ["GET", /^\/v1\/billing\/meters$/, listOf((a) => a.meters.values())],
  ["POST", /^\/v1\/billing\/meters$/, createMeter],
  ["GET", /^\/v1\/billing\/meters\/([^/]+)$/, ({ account, params }) => getOr404(account.meters, params[0]!, "billing.meter")],
  ["GET", /^\/v1\/billing\/meters\/([^/]+)\/event_summaries$/, eventSummaries],
  ["POST", /^\/v1\/billing\/meter_events$/, createMeterEvent],
  ["GET", /^\/v1\/customers$/, listOf((a) => a.customers.values(), matches("email"))],
  [
    "POST",
    /^\/v1\/customers$/,
    ({ account, form }) => {
      const customer: StripeObject = { id: newId("cus"), object: "customer", created: nowSeconds(), email: str(form, "email") ?? null, name: str(form, "name") ?? null, metadata: metadataOf(form), livemode: false };
      account.customers.set(customer.id, customer);
      return customer;
    },
  ],
  ["GET", /^\/v1\/customers\/([^/]+)$/, ({ account, params }) => getOr404(account.customers, params[0]!, "customer")],
  ["GET", /^\/v1\/webhook_endpoints$/, listOf((a) => a.endpoints.values())],
  [
    "POST",
    /^\/v1\/webhook_endpoints$/,
    ({ account, form }) => {
      const url = str(form, "url", true);
      if (!/^https?:\/\//.test(url)) throw invalid("url", "Invalid URL: URL must be publicly accessible.");
      const events = arr(form, "enabled_events").filter((e): e is string => typeof e === "string");
      if (!events.length) throw new StripeApiError(400, "invalid_request_error", "Missing required param: enabled_events.", "parameter_missing", "enabled_events");
      const endpoint = { id: newId("we"), object: "webhook_endpoint", created: nowSeconds(), url, enabled_events: events, status: "enabled", livemode: false, secret: `whsec_${randomBytes(24).toString("base64url")}` };
      account.endpoints.set(endpoint.id, endpoint);
      return endpoint;
    },
  ],
  [
    "DELETE",
    /^\/v1\/webhook_endpoints\/([^/]+)$/,
    ({ account, params }) => {
      getOr404(account.endpoints, params[0]!, "webhook_endpoint");
      account.endpoints.delete(params[0]!);
      return { id: params[0], object: "webhook_endpoint", deleted: true };
    },
  ],
];
