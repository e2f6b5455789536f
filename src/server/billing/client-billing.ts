import type { Team } from "@/generated/prisma/client";
import { canManageTeam, type ChatbotRole } from "@/server/access";
import type { Db } from "@/server/kernel/db/client";
import { isoMicro, isoMicroOrNull } from "@/server/kernel/lib/timestamps";
import { listPacks } from "./topups";

/**
 * What a client workspace's people see of their billing on their home page: the plan and its status,
 * the Checkout link while unpaid, Stripe's invoices (hosted links), and the top-up packs its admins may buy.
 */
export async function clientBilling(db: Db, team: Team, role: ChatbotRole) {
  if (team.kind !== "client" || !team.agencyId) return { subscription: null, invoices: [], packs: [], can_buy: false, connected: false };
  const [sub, invoices, connected] = await Promise.all([
    db.billingSubscription.findUnique({ where: { teamId: team.id }, include: { plan: true } }),
    db.billingInvoice.findMany({ where: { teamId: team.id }, orderBy: { createdAt: "desc" }, take: 24 }),
    db.billingAccount.count({ where: { agencyId: team.agencyId } }),
  ]);
  return {
    connected: connected > 0,
    subscription: sub
      ? {
          status: sub.status,
          plan: { name: sub.plan.name, amount: sub.plan.amount, currency: sub.plan.currency, interval: sub.plan.interval, message_allowance: sub.plan.messageAllowance, overage_per_100: sub.plan.overagePer100 },
          checkout_url: sub.status === "incomplete" ? sub.checkoutUrl : null,
          current_period_end: isoMicroOrNull(sub.currentPeriodEnd),
          cancel_at_period_end: sub.cancelAtPeriodEnd,
        }
      : null,
    invoices: invoices.map((i) => ({ id: i.id, number: i.number, status: i.status, amount_due: i.amountDue, amount_paid: i.amountPaid, currency: i.currency, hosted_invoice_url: i.hostedInvoiceUrl, created_at: isoMicro(i.createdAt) })),
    packs: connected > 0 && team.messageLimit !== null && team.messageLimit > 0 ? await listPacks(db, team.agencyId) : [],
    can_buy: canManageTeam(role),
  };
}
