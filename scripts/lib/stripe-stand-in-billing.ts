/**
 * The Stripe stand-in's money routes: Checkout Sessions (mode `subscription` or `payment`, completed on the
 * hosted page), subscriptions (`incomplete → active → past_due → canceled/unpaid`), invoices with a
 * `hosted_invoice_url`, events; and the test helpers a test clock would give: renew a subscription's period
 * (paid, or with the payment failing), pay an open invoice.
 */
import { arr, bool, int, invalid, metadataOf, noSuch, obj, page, str, StripeApiError, type Form } from "./stripe-stand-in-http";
import { addInterval, emit, meterUsage, newestFirst, newId, nowSeconds, priceAmount, type Account, type StripeObject } from "./stripe-stand-in-store";
import { getOr404, type Call, type Route } from "./stripe-stand-in-catalog";

type Item = StripeObject & { price: StripeObject; quantity?: number; current_period_start: number; current_period_end: number };
const itemsOf = (sub: StripeObject) => (sub.items as { data: Item[] }).data;
const isMetered = (price: StripeObject) => (price.recurring as { usage_type?: string } | null)?.usage_type === "metered";

function lineItems(account: Account, form: Form, param: string) {
  return arr(form, param).map((raw, i) => {
    const line = raw as Form;
    const priceId = str(line, "price");
    const data = obj(line, "price_data");
    let price: StripeObject;
    if (priceId) price = getOr404(account.prices, priceId, "price");
    else if (Object.keys(data).length) {
      const amount = int(data, "unit_amount", true)!;
      price = { id: newId("price"), object: "price", active: false, currency: str(data, "currency", true).toLowerCase(), unit_amount: amount, recurring: null, type: "one_time", product: newId("prod"), transform_quantity: null, nickname: str(obj(data, "product_data"), "name") ?? null };
    } else throw invalid(`${param}[${i}][price]`, `Missing required param: ${param}[${i}][price].`);
    const quantity = int(line, "quantity");
    if (isMetered(price) && quantity !== undefined) throw invalid(`${param}[${i}][quantity]`, "Quantity should not be specified where usage_type is `metered`.");
    return { price, quantity: isMetered(price) ? undefined : (quantity ?? 1) };
  });
}

function invoiceFor(account: Account, sub: StripeObject, reason: string, lines: Array<{ price: StripeObject; quantity: number; period: [number, number] }>, base: string): StripeObject {
  const total = lines.reduce((sum, l) => sum + priceAmount(l.price, l.quantity), 0);
  const id = newId("in");
  const customer = account.customers.get(String(sub.customer));
  const invoice: StripeObject = {
    id,
    object: "invoice",
    status: "open",
    customer: sub.customer,
    customer_email: customer?.email ?? null,
    currency: sub.currency,
    amount_due: total,
    amount_paid: 0,
    amount_remaining: total,
    subtotal: total,
    total,
    attempt_count: 0,
    attempted: false,
    billing_reason: reason,
    collection_method: sub.collection_method,
    created: nowSeconds(),
    due_date: sub.collection_method === "send_invoice" ? nowSeconds() + Number(sub.days_until_due ?? 30) * 86_400 : null,
    hosted_invoice_url: `${base}/i/${id}`,
    invoice_pdf: `${base}/i/${id}/pdf`,
    lines: { object: "list", has_more: false, url: `/v1/invoices/${id}/lines`, data: lines.map((l) => ({ id: newId("il"), object: "line_item", amount: priceAmount(l.price, l.quantity), currency: sub.currency, quantity: l.quantity, period: { start: l.period[0], end: l.period[1] }, pricing: { price_details: { price: l.price.id, product: l.price.product } } })) },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: `${account.id.slice(5, 13).toUpperCase()}-${String(account.invoices.size + 1).padStart(4, "0")}`,
    parent: { type: "subscription_details", subscription_details: { subscription: sub.id, metadata: sub.metadata } },
    period_start: lines[0]?.period[0] ?? nowSeconds(),
    period_end: lines[0]?.period[1] ?? nowSeconds(),
    status_transitions: { finalized_at: nowSeconds(), paid_at: null, marked_uncollectible_at: null, voided_at: null },
  };
  account.invoices.set(id, invoice);
  sub.latest_invoice = id;
  emit(account, "invoice.created", invoice);
  emit(account, "invoice.finalized", invoice);
  return invoice;
}

function setStatus(account: Account, sub: StripeObject, status: string, previous: Record<string, unknown> = {}) {
  const before = sub.status;
  sub.status = status;
  emit(account, "customer.subscription.updated", sub, { status: before, ...previous });
}

/** Pays an open invoice (the hosted invoice page's button, `POST /v1/invoices/{id}/pay`): a past-due or incomplete subscription becomes active. */
export function payInvoice(account: Account, invoice: StripeObject) {
  if (invoice.status === "paid") throw new StripeApiError(400, "invalid_request_error", "Invoice is already paid", "invoice_already_paid");
  if (invoice.status !== "open") throw new StripeApiError(400, "invalid_request_error", `This invoice can't be paid: it is ${String(invoice.status)}.`, "invoice_not_open");
  Object.assign(invoice, { status: "paid", amount_paid: invoice.amount_due, amount_remaining: 0, attempted: true, attempt_count: Number(invoice.attempt_count) + 1, next_payment_attempt: null });
  (invoice.status_transitions as Record<string, number>).paid_at = nowSeconds();
  emit(account, "invoice.paid", invoice);
  emit(account, "invoice.payment_succeeded", invoice);
  const subId = (invoice.parent as { subscription_details?: { subscription: string } } | null)?.subscription_details?.subscription;
  const sub = subId ? account.subscriptions.get(subId) : undefined;
  if (sub && ["past_due", "incomplete", "unpaid"].includes(String(sub.status))) setStatus(account, sub, "active");
}

function newSubscription(account: Account, form: { customer: string; items: Array<{ price: StripeObject; quantity?: number }>; metadata: Record<string, string>; collection: string; daysUntilDue?: number }): StripeObject {
  const start = nowSeconds();
  const licensed = form.items.find((i) => !isMetered(i.price));
  const interval = (licensed?.price.recurring as { interval: string } | null)?.interval ?? "month";
  const id = newId("sub");
  const sub: StripeObject = {
    id,
    object: "subscription",
    status: "incomplete",
    customer: form.customer,
    collection_method: form.collection,
    days_until_due: form.collection === "send_invoice" ? (form.daysUntilDue ?? 30) : null,
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    created: start,
    start_date: start,
    billing_cycle_anchor: start,
    currency: String(licensed?.price.currency ?? form.items[0]!.price.currency),
    latest_invoice: null,
    livemode: false,
    metadata: form.metadata,
    items: {
      object: "list",
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
      data: form.items.map((i) => ({ id: newId("si"), object: "subscription_item", created: start, metadata: {}, price: i.price, ...(i.quantity !== undefined ? { quantity: i.quantity } : {}), subscription: id, current_period_start: start, current_period_end: addInterval(start, interval) })),
    },
  };
  account.subscriptions.set(id, sub);
  return sub;
}

const licensedLines = (sub: StripeObject) =>
  itemsOf(sub)
    .filter((i) => !isMetered(i.price))
    .map((i) => ({ price: i.price, quantity: i.quantity ?? 1, period: [i.current_period_start, i.current_period_end] as [number, number] }));

/** The hosted page's "Pay": the session completes — a subscription (first invoice paid) or a one-off payment. */
export function completeCheckout(account: Account, session: StripeObject, base: string) {
  if (session.status !== "open") throw new StripeApiError(400, "invalid_request_error", `This Checkout Session is ${String(session.status)}.`, "checkout_session_not_open");
  if (!session.customer) {
    const customer: StripeObject = { id: newId("cus"), object: "customer", created: nowSeconds(), email: session.customer_email, name: null, metadata: {}, livemode: false };
    account.customers.set(customer.id, customer);
    session.customer = customer.id;
  }
  if (session.mode === "subscription") {
    const items = (session.line_items_internal as Array<{ price: StripeObject; quantity?: number }>) ?? [];
    const sub = newSubscription(account, { customer: String(session.customer), items, metadata: (session.subscription_data_metadata as Record<string, string>) ?? {}, collection: "charge_automatically" });
    emit(account, "customer.subscription.created", sub);
    const invoice = invoiceFor(account, sub, "subscription_create", licensedLines(sub), base);
    payInvoice(account, invoice);
    session.subscription = sub.id;
    session.invoice = invoice.id;
  } else {
    session.payment_intent = newId("pi");
  }
  Object.assign(session, { status: "complete", payment_status: "paid" });
  emit(account, "checkout.session.completed", session);
}

/** A test helper: the current period ends — a new invoice (licensed in advance, metered usage of the period that ended), paid or failing. */
export function renewSubscription(account: Account, sub: StripeObject, outcome: "paid" | "failed", base: string) {
  if (!["active", "past_due", "trialing"].includes(String(sub.status))) throw new StripeApiError(400, "invalid_request_error", `A ${String(sub.status)} subscription does not renew.`);
  const items = itemsOf(sub);
  const [end, start] = [items[0]!.current_period_end, items[0]!.current_period_start];
  if (sub.cancel_at_period_end) {
    Object.assign(sub, { status: "canceled", canceled_at: nowSeconds(), ended_at: end });
    emit(account, "customer.subscription.deleted", sub);
    return;
  }
  const usage = items
    .filter((i) => isMetered(i.price))
    .map((i) => ({ price: i.price, quantity: meterUsage(account, String(account.meters.get(String((i.price.recurring as { meter: string }).meter))?.event_name), String(sub.customer), start, end), period: [start, end] as [number, number] }));
  const previous = { items: { data: items.map((i) => ({ id: i.id, current_period_start: i.current_period_start, current_period_end: i.current_period_end })) } };
  for (const item of items) {
    const interval = (item.price.recurring as { interval: string }).interval;
    item.current_period_start = end;
    item.current_period_end = addInterval(end, interval);
  }
  const invoice = invoiceFor(account, sub, "subscription_cycle", [...licensedLines(sub), ...usage], base);
  if (outcome === "paid") {
    emit(account, "customer.subscription.updated", sub, previous);
    payInvoice(account, invoice);
    return;
  }
  Object.assign(invoice, { attempted: true, attempt_count: 1, next_payment_attempt: nowSeconds() + 3 * 86_400 });
  emit(account, "invoice.payment_failed", invoice);
  setStatus(account, sub, "past_due", previous);
}

function createSession({ account, form }: Call, base: string): StripeObject {
  const mode = str(form, "mode", true);
  if (mode !== "subscription" && mode !== "payment") throw invalid("mode", "Invalid mode: must be one of payment, setup, or subscription");
  const successUrl = str(form, "success_url", true);
  const items = lineItems(account, form, "line_items");
  if (!items.length) throw new StripeApiError(400, "invalid_request_error", "Missing required param: line_items.", "parameter_missing", "line_items");
  if (mode === "payment" && items.some((i) => i.price.recurring)) throw invalid("line_items", "You must be in `subscription` mode to use recurring prices.");
  if (mode === "subscription" && !items.some((i) => i.price.recurring)) throw invalid("line_items", "You must specify at least one recurring price in `subscription` mode.");
  const customerId = str(form, "customer");
  if (customerId) getOr404(account.customers, customerId, "customer");
  const id = newId("cs_test");
  const currency = String(items[0]!.price.currency);
  const session: StripeObject = {
    id,
    object: "checkout.session",
    mode,
    status: "open",
    payment_status: "unpaid",
    url: `${base}/c/pay/${id}`,
    success_url: successUrl,
    cancel_url: str(form, "cancel_url") ?? null,
    customer: customerId ?? null,
    customer_email: str(form, "customer_email") ?? null,
    client_reference_id: str(form, "client_reference_id") ?? null,
    metadata: metadataOf(form),
    currency,
    amount_total: items.filter((i) => !isMetered(i.price)).reduce((sum, i) => sum + priceAmount(i.price, i.quantity ?? 1), 0),
    created: nowSeconds(),
    expires_at: nowSeconds() + 24 * 3600,
    subscription: null,
    payment_intent: null,
    invoice: null,
    livemode: false,
  };
  Object.defineProperty(session, "line_items_internal", { value: items, enumerable: false });
  Object.defineProperty(session, "subscription_data_metadata", { value: metadataOf(obj(form, "subscription_data")), enumerable: false });
  account.sessions.set(id, session);
  return session;
}

function createSubscription({ account, form }: Call, base: string): StripeObject {
  const customer = str(form, "customer", true);
  getOr404(account.customers, customer, "customer");
  const collection = str(form, "collection_method") ?? "charge_automatically";
  if (collection !== "send_invoice") throw new StripeApiError(400, "invalid_request_error", "This customer has no attached payment source or default payment method.", "resource_missing", "default_payment_method");
  const items = lineItems(account, form, "items");
  if (!items.length) throw new StripeApiError(400, "invalid_request_error", "Missing required param: items.", "parameter_missing", "items");
  const sub = newSubscription(account, { customer, items, metadata: metadataOf(form), collection, daysUntilDue: int(form, "days_until_due") });
  // Invoiced by e-mail: active at once, its first invoice open until the customer pays it.
  sub.status = "active";
  emit(account, "customer.subscription.created", sub);
  const invoice = invoiceFor(account, sub, "subscription_create", licensedLines(sub), base);
  emit(account, "invoice.sent", invoice);
  return sub;
}

function updateSubscription({ account, form, params }: Call): StripeObject {
  const sub = getOr404(account.subscriptions, params[0]!, "subscription");
  if (sub.status === "canceled") throw new StripeApiError(400, "invalid_request_error", "A canceled subscription can only update its cancellation_details and metadata.");
  const cancel = bool(form, "cancel_at_period_end");
  const previous: Record<string, unknown> = {};
  if (cancel !== undefined && cancel !== sub.cancel_at_period_end) {
    previous.cancel_at_period_end = sub.cancel_at_period_end;
    sub.cancel_at_period_end = cancel;
  }
  if (form.metadata) sub.metadata = { ...(sub.metadata as object), ...metadataOf(form) };
  if (Object.keys(previous).length) emit(account, "customer.subscription.updated", sub, previous);
  return sub;
}

function cancelSubscription({ account, params }: Call): StripeObject {
  const sub = getOr404(account.subscriptions, params[0]!, "subscription");
  if (sub.status === "canceled") throw new StripeApiError(400, "invalid_request_error", "This subscription is already canceled.");
  Object.assign(sub, { status: "canceled", canceled_at: nowSeconds(), ended_at: nowSeconds() });
  emit(account, "customer.subscription.deleted", sub);
  return sub;
}

const subscriptionOfInvoice = (o: StripeObject) => (o.parent as { subscription_details?: { subscription: string } } | null)?.subscription_details?.subscription;

export function billingRoutes(base: () => string): Route[] {
  return [
    ["POST", /^\/v1\/checkout\/sessions$/, (call) => createSession(call, base())],
    ["GET", /^\/v1\/checkout\/sessions\/([^/]+)$/, ({ account, params }) => getOr404(account.sessions, params[0]!, "checkout.session")],
    [
      "POST",
      /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      ({ account, params }) => {
        const session = getOr404(account.sessions, params[0]!, "checkout.session");
        if (session.status !== "open") throw new StripeApiError(400, "invalid_request_error", `Only Checkout Sessions with a status in ["open"] can be expired.`);
        session.status = "expired";
        emit(account, "checkout.session.expired", session);
        return session;
      },
    ],
    ["GET", /^\/v1\/subscriptions$/, ({ account, query, url }) => page(newestFirst(account.subscriptions.values()).filter((s) => (query.get("customer") ?? s.customer) === s.customer && (query.get("status") ?? s.status) === s.status), query, url)],
    ["POST", /^\/v1\/subscriptions$/, (call) => createSubscription(call, base())],
    ["GET", /^\/v1\/subscriptions\/([^/]+)$/, ({ account, params }) => getOr404(account.subscriptions, params[0]!, "subscription")],
    ["POST", /^\/v1\/subscriptions\/([^/]+)$/, updateSubscription],
    ["DELETE", /^\/v1\/subscriptions\/([^/]+)$/, cancelSubscription],
    [
      "GET",
      /^\/v1\/invoices$/,
      ({ account, query, url }) =>
        page(
          newestFirst(account.invoices.values()).filter(
            (i) => (query.get("customer") ?? i.customer) === i.customer && (query.get("status") ?? i.status) === i.status && (query.get("subscription") ?? subscriptionOfInvoice(i)) === subscriptionOfInvoice(i),
          ),
          query,
          url,
        ),
    ],
    ["GET", /^\/v1\/invoices\/([^/]+)$/, ({ account, params }) => getOr404(account.invoices, params[0]!, "invoice")],
    [
      "POST",
      /^\/v1\/invoices\/([^/]+)\/pay$/,
      ({ account, params }) => {
        const invoice = getOr404(account.invoices, params[0]!, "invoice");
        payInvoice(account, invoice);
        return invoice;
      },
    ],
    ["GET", /^\/v1\/events$/, ({ account, query, url }) => page([...account.events].reverse().filter((e) => (query.get("type") ?? e.type) === e.type), query, url)],
    [
      "GET",
      /^\/v1\/events\/([^/]+)$/,
      ({ account, params }) => {
        const event = account.events.find((e) => e.id === params[0]);
        if (!event) throw noSuch("event", params[0]!);
        return event;
      },
    ],
  ];
}
