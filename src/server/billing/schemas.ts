import { z } from "zod";
import { INTEGRATIONS } from "@/shared/integrations";
import { amountField, currencyField } from "./rules/money";

/** The billing capability's wire shapes: one zod schema each, for tRPC, the REST bridge and the OpenAPI document. */
export const billingSettingsSchema = z
  .object({
    connected: z.boolean(),
    account: z.object({ id: z.string(), name: z.string().nullable(), default_currency: z.string().nullable() }).nullable().meta({ description: "The Stripe account the key belongs to (GET /v1/account)" }),
    secret_key_last4: z.string().nullable().meta({ description: "The key itself is never returned" }),
    webhook_url: z.string().meta({ description: "Where Stripe sends this agency's events: add it as a webhook endpoint in Stripe" }),
    grace_days: z.number().int(),
    dunning_pause_mode: z.enum(["soft", "hard"]),
    message_cost_per_1000: z.number().int().meta({ description: "What 1,000 answered messages cost the agency, in the minor unit of the account's currency" }),
  })
  .meta({ id: "BillingSettings" });

export const billingSettingsInput = z
  .object({
    secret_key: z
      .string()
      .trim()
      .max(255)
      .regex(/^(sk|rk)_(test|live)_\w+$/, { error: "The secret_key field must be a Stripe secret key (sk_test_… / sk_live_…) or restricted key (rk_…)." })
      .optional()
      .meta({ description: "Verified against Stripe (GET /v1/account) before it is stored, sealed" }),
    webhook_secret: z
      .string()
      .trim()
      .max(255)
      .regex(/^whsec_[\w+/=-]+$/, { error: "The webhook_secret field must be a Stripe webhook signing secret (whsec_…)." })
      .optional(),
    grace_days: z.number().int().min(0).max(60).optional().meta({ description: "Days after a failed payment before the client is paused" }),
    dunning_pause_mode: z.enum(["soft", "hard"]).optional().meta({ description: "soft: the allowance still answers, top-ups frozen; hard: nothing answers" }),
    message_cost_per_1000: amountField("message_cost_per_1000").optional(),
  })
  .meta({ id: "BillingSettingsUpdate" });

export const planSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    amount: z.number().int().meta({ description: "Price per interval, in the currency's minor unit" }),
    currency: z.string(),
    interval: z.enum(["month", "year"]),
    message_allowance: z.number().int(),
    overage_per_100: z.number().int().nullable().meta({ description: "Price per 100 messages past the allowance (minor unit); null: answers stop at the allowance" }),
    included_integrations: z.array(z.string()),
    stripe: z.object({ product_id: z.string(), price_id: z.string(), overage_price_id: z.string().nullable(), meter_id: z.string().nullable() }),
    archived_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Plan" });

const planFields = {
  name: z.string().trim().min(1).max(120),
  amount: amountField("amount"),
  currency: currencyField,
  interval: z.enum(["month", "year"], { error: "The interval field must be month or year." }),
  message_allowance: z.number().int({ error: "The message_allowance field must be a whole number." }).min(1, { error: "The message_allowance field must be at least 1." }).max(100_000_000),
  overage_per_100: amountField("overage_per_100").nullable().optional().meta({ description: "Omit or null: stop at the allowance" }),
  included_integrations: z.array(z.enum(INTEGRATIONS)).max(INTEGRATIONS.length).optional().meta({ description: "The integrations a subscriber's workspace gets (within the agency plan's)" }),
};
export const createPlanInput = z.object(planFields).meta({ id: "PlanCreate" });
export const updatePlanInput = z.object(planFields).partial().extend({ plan_id: z.string().max(100) }).meta({ id: "PlanUpdate" });

const money = z.object({ date: z.string().nullable(), currency: z.string(), amount_due: z.number().int() });
export const subscriptionSchema = z
  .object({
    client_id: z.string(),
    status: z.string().meta({ description: "Stripe's: incomplete, active, trialing, past_due, unpaid, canceled, incomplete_expired" }),
    plan: z.object({ id: z.string(), name: z.string(), amount: z.number().int(), currency: z.string(), interval: z.string(), message_allowance: z.number().int(), overage_per_100: z.number().int().nullable() }),
    collection: z.enum(["charge_automatically", "send_invoice"]),
    billing_email: z.string(),
    checkout_url: z.string().nullable().meta({ description: "While incomplete: the Checkout page the client pays on" }),
    current_period_start: z.string().nullable(),
    current_period_end: z.string().nullable(),
    cancel_at_period_end: z.boolean(),
    past_due_since: z.string().nullable(),
    next_invoice: money.nullable().meta({ description: "The plan's price at the period's end, plus this period's overage so far" }),
    stripe: z.object({ customer_id: z.string(), subscription_id: z.string().nullable() }),
  })
  .meta({ id: "ClientSubscription" });

export const subscribeInput = z
  .object({
    plan_id: z.string({ error: "The plan_id field is required." }).max(100),
    billing_email: z.email({ error: "The billing_email field must be a valid e-mail address." }).max(255),
    collection: z.enum(["charge_automatically", "send_invoice"]).optional().meta({ description: "charge_automatically (default): a Checkout link e-mailed to the client's admins; send_invoice: Stripe e-mails invoices" }),
    days_until_due: z.number().int().min(1).max(90).optional().meta({ description: "send_invoice only (default 30)" }),
  })
  .meta({ id: "ClientSubscriptionCreate" });

const summaryClient = z.object({
  client_id: z.string(),
  name: z.string(),
  plan: z.object({ id: z.string(), name: z.string() }).nullable(),
  subscription_status: z.string().nullable(),
  currency: z.string(),
  in_totals: z.boolean(),
  mrr: z.number().int(),
  revenue: z.number().int(),
  messages: z.number().int(),
  cost: z.number().int(),
  margin: z.number().int(),
  margin_percent: z.number().nullable(),
});
export const summarySchema = z
  .object({
    from: z.string(),
    to: z.string(),
    currency: z.string(),
    message_cost_per_1000: z.number().int(),
    mrr: z.number().int(),
    revenue: z.number().int(),
    cost: z.number().int(),
    messages: z.number().int(),
    margin: z.number().int(),
    margin_percent: z.number().nullable(),
    clients: z.array(summaryClient),
  })
  .meta({ id: "BillingSummary" });

const day = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const instant = (field: string) =>
  z
    .string()
    .regex(day, { error: `The ${field} field must be a date (YYYY-MM-DD) or an ISO 8601 time.` })
    .refine((v) => !Number.isNaN(Date.parse(v)), { error: `The ${field} field must be a real date.` });
export const summaryInput = z
  .object({ from: instant("from").optional(), to: instant("to").optional() })
  .refine((v) => !v.from || !v.to || Date.parse(v.from) < Date.parse(v.to), { path: ["to"], error: "The to field must be after from." });

export const packInput = z.object({ credits: z.number().int().min(1).max(1_000_000), amount: amountField("amount", { min: 1 }), currency: currencyField });
