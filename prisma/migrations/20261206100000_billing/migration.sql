-- Rebilling through the agency's own Stripe account (docs/decisions/110-billing-follows-stripe-exactly-once.md):
-- the connection (sealed keys, the dunning rule, the cost of a message), plans and top-up packs (each with its
-- Stripe ids), one subscription per client workspace, the Stripe events taken (de-duplication), invoices as
-- Stripe reported them, top-ups bought through Checkout and the batches of overage reported to the meter.
-- A workspace remembers why the dunning rule paused it, and whether answers past its credits are overage
-- (billed by the meter) rather than debt; the ledger counts each overage answer.

ALTER TABLE "teams" ADD COLUMN "pause_reason" TEXT;
ALTER TABLE "teams" ADD COLUMN "overage_allowed" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "credit_ledger" ADD COLUMN "overage_delta" INTEGER NOT NULL DEFAULT 0;

CREATE TABLE "billing_accounts" (
    "agency_id" UUID NOT NULL,
    "secret_key" TEXT NOT NULL,
    "secret_key_last4" TEXT NOT NULL,
    "webhook_secret" TEXT NOT NULL,
    "stripe_account_id" TEXT NOT NULL,
    "account_name" TEXT,
    "default_currency" TEXT,
    "grace_days" INTEGER NOT NULL DEFAULT 3,
    "dunning_pause_mode" "pause_mode" NOT NULL DEFAULT 'soft',
    "message_cost_per_1000" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "billing_accounts_pkey" PRIMARY KEY ("agency_id"),
    CONSTRAINT "billing_accounts_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "billing_plans" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "agency_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "interval" TEXT NOT NULL,
    "message_allowance" INTEGER NOT NULL,
    "overage_per_100" INTEGER,
    "included_integrations" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "stripe_product_id" TEXT NOT NULL,
    "stripe_price_id" TEXT NOT NULL,
    "stripe_meter_id" TEXT,
    "meter_event_name" TEXT,
    "stripe_overage_price_id" TEXT,
    "archived_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "billing_plans_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "billing_plans_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "billing_plans_agency_id_created_at_idx" ON "billing_plans" ("agency_id", "created_at");

CREATE TABLE "billing_subscriptions" (
    "team_id" UUID NOT NULL,
    "agency_id" UUID NOT NULL,
    "plan_id" UUID NOT NULL,
    "billing_email" TEXT NOT NULL,
    "collection" TEXT NOT NULL,
    "stripe_customer_id" TEXT NOT NULL,
    "stripe_subscription_id" TEXT,
    "checkout_session_id" TEXT,
    "checkout_url" TEXT,
    "status" TEXT NOT NULL,
    "stripe_price_id" TEXT NOT NULL,
    "stripe_overage_price_id" TEXT,
    "meter_event_name" TEXT,
    "current_period_start" TIMESTAMPTZ(6),
    "current_period_end" TIMESTAMPTZ(6),
    "cancel_at_period_end" BOOLEAN NOT NULL DEFAULT false,
    "past_due_since" TIMESTAMPTZ(6),
    "synced_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "billing_subscriptions_pkey" PRIMARY KEY ("team_id"),
    CONSTRAINT "billing_subscriptions_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "billing_subscriptions_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "billing_plans"("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "billing_subscriptions_stripe_subscription_id_key" ON "billing_subscriptions" ("stripe_subscription_id");
CREATE INDEX "billing_subscriptions_agency_id_idx" ON "billing_subscriptions" ("agency_id");

CREATE TABLE "billing_events" (
    "event_id" TEXT NOT NULL,
    "agency_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "billing_events_pkey" PRIMARY KEY ("event_id")
);

CREATE TABLE "billing_invoices" (
    "id" TEXT NOT NULL,
    "agency_id" UUID NOT NULL,
    "team_id" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "amount_due" INTEGER NOT NULL,
    "amount_paid" INTEGER NOT NULL,
    "number" TEXT,
    "hosted_invoice_url" TEXT,
    "period_start" TIMESTAMPTZ(6),
    "period_end" TIMESTAMPTZ(6),
    "paid_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "billing_invoices_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "billing_invoices_agency_id_paid_at_idx" ON "billing_invoices" ("agency_id", "paid_at");
CREATE INDEX "billing_invoices_team_id_created_at_idx" ON "billing_invoices" ("team_id", "created_at");

CREATE TABLE "billing_topup_packs" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "agency_id" UUID NOT NULL,
    "credits" INTEGER NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "archived_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "billing_topup_packs_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "billing_topup_packs_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "billing_topup_packs_agency_id_idx" ON "billing_topup_packs" ("agency_id");

CREATE TABLE "billing_topup_purchases" (
    "checkout_session_id" TEXT NOT NULL,
    "agency_id" UUID NOT NULL,
    "team_id" UUID NOT NULL,
    "pack_id" UUID NOT NULL,
    "credits" INTEGER NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "buyer_user_id" UUID,
    "credited_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "billing_topup_purchases_pkey" PRIMARY KEY ("checkout_session_id")
);
CREATE INDEX "billing_topup_purchases_team_id_idx" ON "billing_topup_purchases" ("team_id");

CREATE TABLE "billing_meter_reports" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "agency_id" UUID NOT NULL,
    "team_id" UUID NOT NULL,
    "stripe_customer_id" TEXT NOT NULL,
    "event_name" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "overage_total" BIGINT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "reported_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "billing_meter_reports_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "billing_meter_reports_team_id_created_at_idx" ON "billing_meter_reports" ("team_id", "created_at");
