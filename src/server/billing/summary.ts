import type { Agency } from "@/server/access";
import type { Db } from "@/server/kernel/db/client";
import { isoMicro } from "@/server/kernel/lib/timestamps";
import { margin, marginPercent, messageCost, monthlyAmount } from "./rules/margin";
import { servesPlan } from "./rules/subscription-state";

/**
 * The agency's margin (`GET /v1/agency/billing/summary`, the Billing page): per client its plan and MRR,
 * its revenue (Stripe's paid invoices in the range), its cost (answered messages × the agency's cost per
 * 1,000) and the margin. Totals are in the Stripe account's currency; a client billed in another currency
 * is listed with its own and left out of them (`in_totals: false`) — amounts are never converted.
 */
export async function billingSummary(db: Db, agency: Agency, range: { from: Date; to: Date }) {
  const account = await db.billingAccount.findUnique({ where: { agencyId: agency.id } });
  const [clients, subs, revenue, messages] = await Promise.all([
    db.team.findMany({ where: { agencyId: agency.id, kind: "client", deletedAt: null }, select: { id: true, name: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.billingSubscription.findMany({ where: { agencyId: agency.id }, include: { plan: true } }),
    db.$queryRaw<{ team_id: string; currency: string; paid: bigint }[]>`
      SELECT team_id::text, currency, sum(amount_paid)::bigint AS paid FROM billing_invoices
       WHERE agency_id = ${agency.id}::uuid AND status = 'paid' AND paid_at >= ${range.from} AND paid_at < ${range.to}
       GROUP BY team_id, currency`,
    db.$queryRaw<{ team_id: string; n: bigint }[]>`
      SELECT team_id::text, sum(used_delta)::bigint AS n FROM credit_ledger
       WHERE agency_id = ${agency.id}::uuid AND kind = 'charge' AND created_at >= ${range.from} AND created_at < ${range.to}
       GROUP BY team_id`,
  ]);
  const currency = account?.defaultCurrency ?? subs[0]?.plan.currency ?? "usd";
  const costPer1000 = account?.messageCostPer1000 ?? 0;
  const rows = clients.map((client) => {
    const sub = subs.find((s) => s.teamId === client.id);
    const own = sub?.plan.currency ?? currency;
    const paid = revenue.filter((r) => r.team_id === client.id && r.currency === own).reduce((sum, r) => sum + Number(r.paid), 0);
    const answered = Number(messages.find((m) => m.team_id === client.id)?.n ?? 0);
    const mrr = sub && servesPlan(sub.status) ? monthlyAmount(sub.plan.amount, sub.plan.interval) : 0;
    const cost = messageCost(answered, costPer1000);
    return {
      client_id: client.id,
      name: client.name,
      plan: sub ? { id: sub.plan.id, name: sub.plan.name } : null,
      subscription_status: sub?.status ?? null,
      currency: own,
      in_totals: own === currency,
      mrr,
      revenue: paid,
      messages: answered,
      cost,
      margin: margin(paid, cost),
      margin_percent: marginPercent(paid, cost),
    };
  });
  const counted = rows.filter((r) => r.in_totals);
  const sum = (pick: (r: (typeof rows)[number]) => number) => counted.reduce((total, r) => total + pick(r), 0);
  const totals = { mrr: sum((r) => r.mrr), revenue: sum((r) => r.revenue), cost: sum((r) => r.cost), messages: rows.reduce((t, r) => t + r.messages, 0) };
  return {
    from: isoMicro(range.from),
    to: isoMicro(range.to),
    currency,
    message_cost_per_1000: costPer1000,
    ...totals,
    margin: margin(totals.revenue, totals.cost),
    margin_percent: marginPercent(totals.revenue, totals.cost),
    clients: rows,
  };
}
