import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { poolOf } from "@/server/kernel/db/client";
import { reportOverage } from "@/server/billing";
import { createPlan } from "@/server/billing/plans";
import { subscribeClient } from "@/server/billing/subscriptions";
import { chargeDelta, isOverageCharge, standingOf, type CreditCounters } from "@/server/workspaces/credit-rules";
import type { StripeStandIn } from "../../scripts/lib/stripe-stand-in";
import { chargeAnswer, reserveAnswer } from "../helpers/credits";
import { agencyOwner, clientWorkspace } from "../helpers/fixtures";
import { connectedAgency, TEST_ACTOR } from "../helpers/stripe";

/**
 * Overage (docs/decisions/110-billing-follows-stripe-exactly-once.md): on a plan with an overage price an
 * active client is served past its allowance and top-ups, each such answer an `overage_delta` ledger row
 * (charge_answer held to credit-rules' chargeDelta / isOverageCharge on random states), and the meter's
 * total at Stripe equals the ledger's overage to the message — through lost answers, failed sends and
 * batches cut while answers keep coming.
 */
let db: Db;
let stripe: StripeStandIn;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
const actor = TEST_ACTOR;

beforeAll(async () => {
  ({ stripe, db, owner } = await connectedAgency({}));
}, 120_000);

const ledgerOverage = async (teamId: string) =>
  Number((await poolOf(db).query<{ n: string }>("SELECT COALESCE(sum(overage_delta), 0) AS n FROM credit_ledger WHERE team_id = $1", [teamId])).rows[0]!.n);

describe("overage", () => {
  it("charge_answer counts overage exactly as credit-rules say, on random states", async () => {
    let seed = 20261206;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pick = <T,>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    for (let i = 0; i < 40; i++) {
      const counters: CreditCounters = { limit: pick([null, 1, 5]), used: pick([0, 4, 5, 7]), topup: pick([0, 0, 2]), debt: pick([0, 1]) };
      const [status, pauseMode] = pick([["active", null], ["active", null], ["paused", "soft"]] as const);
      const overageAllowed = random() < 0.6;
      const team = await db.team.create({
        data: { kind: "client", name: `o${i}`, ownerId: owner.agency.ownerId, agencyId: owner.agency.id, messageLimit: counters.limit, messagesUsed: counters.used, topupCredits: counters.topup, overflowDebt: counters.debt, status, pauseMode, overageAllowed },
      });
      const standing = standingOf(status, pauseMode);
      const label = JSON.stringify({ counters, status, overageAllowed });
      expect((await chargeAnswer(db, team.id)).delta, label).toEqual(chargeDelta(counters, standing, overageAllowed));
      expect(await ledgerOverage(team.id), label).toBe(isOverageCharge(counters, standing, overageAllowed) ? 1 : 0);
    }
  });

  it("admits answers past the credits only on an overage plan, while active", async () => {
    const make = (overageAllowed: boolean, status: "active" | "paused" = "active") =>
      db.team.create({ data: { kind: "client", name: "adm", ownerId: owner.agency.ownerId, agencyId: owner.agency.id, messageLimit: 2, messagesUsed: 2, overageAllowed, status, pauseMode: status === "paused" ? "soft" : null } });
    expect((await reserveAnswer(db, (await make(true)).id)).refusal).toBeNull();
    expect((await reserveAnswer(db, (await make(false)).id)).refusal).toBe("no_credit");
    expect((await reserveAnswer(db, (await make(true, "paused")).id)).refusal).toBe("no_credit");
  });

  it("reports to the meter exactly what the ledger counts, through lost answers and failed sends", async () => {
    const client = await clientWorkspace(db, owner.agency, "Busy Client");
    const plan = await createPlan(db, owner.agency, { name: "Metered", amount: 2900, currency: "usd", interval: "month", message_allowance: 3, overage_per_100: 150 }, actor, null);
    const sub = await subscribeClient(db, owner.agency, client, { plan_id: plan.id, billing_email: "ops@busy.test" }, actor, null);
    await fetch(sub.checkout_url!, { method: "POST", redirect: "manual" });
    await stripe.deliveries.idle();
    const row = await db.billingSubscription.findUniqueOrThrow({ where: { teamId: client.id } });
    expect(row.status).toBe("active");
    const answer = async (count: number) => {
      for (let i = 0; i < count; i++) await chargeAnswer(db, client.id, { reference: `m-${Math.random()}` });
    };
    await answer(3 + 7); // the allowance, then 7 overage answers
    expect(await ledgerOverage(client.id)).toBe(7);
    // Stripe records the first batch but its answer is lost: the client's retry (same key, same identifier) is the same event.
    stripe.failNext("/v1/billing/meter_events", "drop-after-effect");
    expect(await reportOverage(db)).toMatchObject({ cut: 1, sent: 1, failed: 0 });
    expect(stripe.meterTotal(row.stripeCustomerId)).toBe(7);
    // Stripe is down for a whole run: the batch waits, and the next run sends the same batch (and a new one).
    await answer(5);
    stripe.failNext("/v1/billing/meter_events", "unavailable", 3);
    expect(await reportOverage(db)).toMatchObject({ cut: 1, sent: 0, failed: 1 });
    await answer(4);
    expect(await reportOverage(db)).toMatchObject({ cut: 1, sent: 2, failed: 0 });
    expect(await reportOverage(db)).toMatchObject({ cut: 0, sent: 0, failed: 0 });
    expect(await ledgerOverage(client.id)).toBe(16);
    expect(stripe.meterTotal(row.stripeCustomerId)).toBe(16);
    const reports = await db.billingMeterReport.findMany({ where: { teamId: client.id }, orderBy: { createdAt: "asc" } });
    expect(reports.map((r) => r.quantity)).toEqual([7, 5, 4]);
    expect(reports.every((r) => r.reportedAt)).toBe(true);
  });
});
