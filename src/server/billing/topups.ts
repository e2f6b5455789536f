import { randomUUID } from "node:crypto";
import type { Team } from "@/generated/prisma/client";
import type { Agency } from "@/server/access";
import { auditedChange, recordAudit, type AuditActor } from "@/server/audit";
import { siteBaseUrl } from "@/server/branding";
import type { Db } from "@/server/kernel/db/client";
import { AppError } from "@/server/kernel/errors";
import { isoMicro } from "@/server/kernel/lib/timestamps";
import { topUp } from "@/server/workspaces";
import { requireBilling, stripeOf } from "./connection";
import { STRIPE_ACTOR } from "./stripe-sync";
import { stripeIdempotencyKey, type Stripe } from "./stripe/client";
import { viaStripe } from "./stripe/errors";

/**
 * Top-up packs the agency prices and its clients' admins buy (Checkout, mode `payment`): the credits land
 * once, when Stripe says the session is paid (`checkout.session.completed`), with a ledger row whose
 * reference names the Checkout Session — never on the redirect back, never twice.
 */
export const serializePack = (p: { id: string; credits: number; amount: number; currency: string; createdAt: Date }) => ({ id: p.id, credits: p.credits, amount: p.amount, currency: p.currency, created_at: isoMicro(p.createdAt) });

export async function listPacks(db: Db, agencyId: string) {
  return (await db.billingTopupPack.findMany({ where: { agencyId, archivedAt: null }, orderBy: [{ credits: "asc" }, { createdAt: "asc" }] })).map(serializePack);
}

export async function createPack(db: Db, agency: Agency, input: { credits: number; amount: number; currency: string }, actor: AuditActor) {
  await requireBilling(db, agency.id);
  return auditedChange(db, async (tx) => {
    const pack = await tx.billingTopupPack.create({ data: { agencyId: agency.id, ...input } });
    await recordAudit(tx, { agencyId: agency.id, teamId: null, actor, action: "topup_pack.created", target: { type: "topup_pack", id: pack.id, name: `${pack.credits} credits` }, after: input });
    return serializePack(pack);
  });
}

export async function archivePack(db: Db, agency: Agency, packId: string, actor: AuditActor) {
  await auditedChange(db, async (tx) => {
    const { count } = await tx.billingTopupPack.updateMany({ where: { id: packId, agencyId: agency.id, archivedAt: null }, data: { archivedAt: new Date() } });
    if (count !== 1) throw new AppError("NOT_FOUND", "Top-up pack not found.");
    await recordAudit(tx, { agencyId: agency.id, teamId: null, actor, action: "topup_pack.archived", target: { type: "topup_pack", id: packId } });
  });
}

/** A Checkout Session for one pack; the purchase is recorded before the link is handed out. */
export async function buyTopup(db: Db, client: Team, packId: string, buyer: { id: string; email: string }) {
  if (!client.agencyId) throw new AppError("NOT_FOUND", "Top-up pack not found.");
  const agency = await db.team.findUniqueOrThrow({ where: { id: client.agencyId } });
  const account = await requireBilling(db, agency.id);
  const pack = /^[0-9a-f-]{36}$/i.test(packId) ? await db.billingTopupPack.findFirst({ where: { id: packId, agencyId: agency.id, archivedAt: null } }) : null;
  if (!pack) throw new AppError("NOT_FOUND", "Top-up pack not found.");
  if (client.messageLimit === null || client.messageLimit < 1) throw new AppError("RULE_VIOLATION", "Top-up credits need a monthly message limit: ask your agency for a plan first.");
  const subscription = await db.billingSubscription.findUnique({ where: { teamId: client.id }, select: { stripeCustomerId: true } });
  const site = siteBaseUrl(agency);
  const metadata = { kind: "topup", agency_id: agency.id, client_id: client.id, pack_id: pack.id };
  const session = await viaStripe(() =>
    stripeOf(account).checkout.sessions.create(
      {
        mode: "payment",
        ...(subscription ? { customer: subscription.stripeCustomerId } : { customer_email: buyer.email }),
        line_items: [{ price_data: { currency: pack.currency, unit_amount: pack.amount, product_data: { name: `${pack.credits.toLocaleString("en-US")} message credits` } }, quantity: 1 }],
        client_reference_id: client.id,
        metadata,
        success_url: `${site}/home?topup=success`,
        cancel_url: `${site}/home?topup=canceled`,
      },
      { idempotencyKey: stripeIdempotencyKey(agency.id, "topup", client.id, randomUUID()) },
    ),
  );
  await db.billingTopupPurchase.create({ data: { checkoutSessionId: session.id, agencyId: agency.id, teamId: client.id, packId: pack.id, credits: pack.credits, amount: pack.amount, currency: pack.currency, buyerUserId: buyer.id } });
  return { url: session.url! };
}

/** A paid top-up session: its credits, once (the purchase row is claimed in the same transaction). */
export async function creditTopup(tx: Db, agencyId: string, session: Stripe.Checkout.Session) {
  if (session.payment_status !== "paid") return;
  const claimed = await tx.billingTopupPurchase.updateMany({ where: { checkoutSessionId: session.id, agencyId, creditedAt: null }, data: { creditedAt: new Date() } });
  if (claimed.count !== 1) return;
  const purchase = await tx.billingTopupPurchase.findUniqueOrThrow({ where: { checkoutSessionId: session.id } });
  await topUp(tx, purchase.teamId, purchase.credits, { reference: `checkout:${session.id}`, actorUserId: purchase.buyerUserId });
  const team = await tx.team.findUniqueOrThrow({ where: { id: purchase.teamId }, select: { name: true, topupCredits: true } });
  await recordAudit(tx, {
    agencyId,
    teamId: purchase.teamId,
    actor: STRIPE_ACTOR,
    action: "client.topup_purchased",
    target: { type: "client", id: purchase.teamId, name: team.name },
    after: { credits: purchase.credits, amount: purchase.amount, currency: purchase.currency, checkout_session: session.id, topup_credits: team.topupCredits },
  });
}
