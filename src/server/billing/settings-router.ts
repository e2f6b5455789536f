import { z } from "zod";
import { agencyOwnerProcedure, createTRPCRouter } from "@/server/access";
import { actorOf } from "@/server/audit";
import { billingAccountOf, saveBillingSettings, serializeBilling } from "./connection";
import { billingSummary } from "./summary";
import { archivePack, createPack, listPacks } from "./topups";
import { billingSettingsInput, billingSettingsSchema, packInput, summaryInput, summarySchema } from "./schemas";

const tags = ["Billing"];
const startOfMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** Settings → Billing and the Billing page (agency owner): the Stripe connection, the dunning rule, the margin, top-up packs. */
export const billingSettingsRouter = createTRPCRouter({
  settings: agencyOwnerProcedure
    .meta({ rest: { method: "GET", path: "/v1/agency/billing", summary: "The agency's Stripe connection and billing settings (keys never returned)", tags } })
    .output(z.object({ billing: billingSettingsSchema }))
    .query(async ({ ctx }) => ({ billing: serializeBilling(ctx.agency.id, await billingAccountOf(ctx.db, ctx.agency.id)) })),

  saveSettings: agencyOwnerProcedure
    .meta({
      rest: {
        method: "PUT",
        path: "/v1/agency/billing",
        summary: "Connect Stripe (secret key verified against Stripe, webhook signing secret) and set the dunning rule and the cost per message",
        idempotency: "optional",
        tags,
      },
    })
    .input(billingSettingsInput)
    .output(z.object({ billing: billingSettingsSchema }))
    .mutation(async ({ ctx, input }) => ({ billing: await saveBillingSettings(ctx.db, ctx.agency, input, actorOf(ctx)) })),

  summary: agencyOwnerProcedure
    .meta({ rest: { method: "GET", path: "/v1/agency/billing/summary", summary: "MRR, revenue per client (Stripe's paid invoices), cost and margin over [from, to)", tags } })
    .input(summaryInput)
    .output(summarySchema)
    .query(({ ctx, input }) => {
      const now = new Date();
      return billingSummary(ctx.db, ctx.agency, { from: input.from ? new Date(input.from) : startOfMonth(now), to: input.to ? new Date(input.to) : now });
    }),

  // Dashboard only: the top-up packs the agency's clients may buy.
  packs: agencyOwnerProcedure.query(({ ctx }) => listPacks(ctx.db, ctx.agency.id)),
  createPack: agencyOwnerProcedure.input(packInput).mutation(({ ctx, input }) => createPack(ctx.db, ctx.agency, input, actorOf(ctx))),
  archivePack: agencyOwnerProcedure.input(z.object({ pack_id: z.string().max(100) })).mutation(async ({ ctx, input }) => {
    await archivePack(ctx.db, ctx.agency, input.pack_id, actorOf(ctx));
    return { ok: true as const };
  }),
});
