import type { BillingAccount } from "@/generated/prisma/client";
import type { Agency } from "@/server/access";
import { auditedChange, changedFields, recordAudit, type AuditActor } from "@/server/audit";
import type { Db } from "@/server/kernel/db/client";
import { env } from "@/server/kernel/env";
import { AppError, validationError } from "@/server/kernel/errors";
import { openSecret, sealSecret } from "@/server/kernel/lib/secret-box";
import { stripeApi } from "./stripe/client";
import { viaStripe } from "./stripe/errors";

/**
 * The agency's Stripe connection (Settings → Billing, `PUT /v1/agency/billing`): its secret or restricted
 * key, verified against Stripe at once (`GET /v1/account`), and its webhook signing secret, both sealed
 * like the LLM keys and never returned; the dunning rule and the cost of a message ride along.
 */
export interface BillingSettingsInput {
  secret_key?: string;
  webhook_secret?: string;
  grace_days?: number;
  dunning_pause_mode?: "soft" | "hard";
  message_cost_per_1000?: number;
}

export const webhookUrlOf = (agencyId: string) => `${env().APP_URL}/api/stripe/webhook/${agencyId}`;

export function billingAccountOf(db: Db, agencyId: string) {
  return db.billingAccount.findUnique({ where: { agencyId } });
}

/** The connected account, or a 422 that says where to connect it. */
export async function requireBilling(db: Db, agencyId: string): Promise<BillingAccount> {
  const account = await billingAccountOf(db, agencyId);
  if (!account) throw new AppError("RULE_VIOLATION", "Connect Stripe first: Settings → Billing, or PUT /v1/agency/billing with the secret key.");
  return account;
}

/** The SDK for an agency's connected account. */
export const stripeOf = (account: Pick<BillingAccount, "secretKey">) => stripeApi(openSecret(account.secretKey));

export function serializeBilling(agencyId: string, account: BillingAccount | null) {
  return {
    connected: account !== null,
    account: account ? { id: account.stripeAccountId, name: account.accountName, default_currency: account.defaultCurrency } : null,
    secret_key_last4: account?.secretKeyLast4 ?? null,
    webhook_url: webhookUrlOf(agencyId),
    grace_days: account?.graceDays ?? 3,
    dunning_pause_mode: account?.dunningPauseMode ?? "soft",
    message_cost_per_1000: account?.messageCostPer1000 ?? 0,
  };
}

const settingsOf = (a: BillingAccount) => ({ grace_days: a.graceDays, dunning_pause_mode: a.dunningPauseMode, message_cost_per_1000: a.messageCostPer1000 });

export async function saveBillingSettings(db: Db, agency: Agency, input: BillingSettingsInput, actor: AuditActor) {
  const existing = await billingAccountOf(db, agency.id);
  if (!existing && input.secret_key === undefined) throw validationError({ secret_key: ["The secret_key field is required to connect Stripe (sk_… or a restricted rk_… key)."] });
  if (!existing && input.webhook_secret === undefined) throw validationError({ webhook_secret: ["The webhook_secret field is required to connect Stripe (whsec_…, from the webhook endpoint you add in Stripe)."] });
  // Verified before anything is stored: a refused key changes nothing.
  const verified = input.secret_key === undefined ? null : await viaStripe(() => stripeApi(input.secret_key!).accounts.retrieveCurrent(), "secret_key");
  // Plans and subscriptions name objects of the connected account: a key of another account would orphan them.
  if (verified && existing && verified.id !== existing.stripeAccountId && (await db.billingPlan.count({ where: { agencyId: agency.id } })) > 0) {
    throw validationError({ secret_key: [`This key belongs to Stripe account ${verified.id}, but your plans live in ${existing.stripeAccountId}: use a key of that account.`] });
  }
  const keyData = verified
    ? {
        secretKey: sealSecret(input.secret_key!),
        secretKeyLast4: input.secret_key!.slice(-4),
        stripeAccountId: verified.id,
        accountName: verified.settings?.dashboard?.display_name ?? verified.business_profile?.name ?? null,
        defaultCurrency: verified.default_currency ?? null,
      }
    : {};
  const settings = {
    ...(input.webhook_secret !== undefined ? { webhookSecret: sealSecret(input.webhook_secret) } : {}),
    ...(input.grace_days !== undefined ? { graceDays: input.grace_days } : {}),
    ...(input.dunning_pause_mode !== undefined ? { dunningPauseMode: input.dunning_pause_mode } : {}),
    ...(input.message_cost_per_1000 !== undefined ? { messageCostPer1000: input.message_cost_per_1000 } : {}),
  };
  return auditedChange(db, async (tx) => {
    const saved = existing
      ? await tx.billingAccount.update({ where: { agencyId: agency.id }, data: { ...keyData, ...settings } })
      : await tx.billingAccount.create({ data: { agencyId: agency.id, ...(keyData as Required<typeof keyData>), webhookSecret: settings.webhookSecret!, ...settings } });
    const target = { type: "billing", id: saved.stripeAccountId, name: saved.accountName ?? agency.name };
    if (verified || input.webhook_secret !== undefined) {
      await recordAudit(tx, { agencyId: agency.id, teamId: null, actor, action: "billing.connected", target, after: { account: saved.stripeAccountId, key_last4: saved.secretKeyLast4, webhook_secret_changed: input.webhook_secret !== undefined } });
    }
    const diff = existing ? changedFields(settingsOf(existing), settingsOf(saved)) : null;
    if (diff) await recordAudit(tx, { agencyId: agency.id, teamId: null, actor, action: "billing.settings_changed", target, before: diff.before, after: diff.after });
    return serializeBilling(agency.id, saved);
  });
}
