import { z } from "zod";
import { agencyOwnerProcedure, createTRPCRouter } from "@/server/access";
import { actorOf } from "@/server/audit";
import { archivePlan, createPlan, listPlans, planOf, updatePlan } from "./plans";
import { createPlanInput, planSchema, updatePlanInput } from "./schemas";

const tags = ["Billing plans"];

/** The agency's plans (`/v1/agency/plans`, the Plans page). */
export const plansRouter = createTRPCRouter({
  list: agencyOwnerProcedure
    .meta({ rest: { method: "GET", path: "/v1/agency/plans", summary: "The agency's plans (archived ones left out)", tags } })
    .output(z.object({ plans: z.array(planSchema) }))
    .query(async ({ ctx }) => ({ plans: await listPlans(ctx.db, ctx.agency) })),

  create: agencyOwnerProcedure
    .meta({ rest: { method: "POST", path: "/v1/agency/plans", summary: "Create a plan: a Stripe Product with a recurring Price (and a metered Price on a Billing Meter for overage)", status: 201, idempotency: "required", tags } })
    .input(createPlanInput)
    .output(z.object({ plan: planSchema }))
    .mutation(async ({ ctx, input }) => ({ plan: await createPlan(ctx.db, ctx.agency, input, actorOf(ctx), ctx.request?.idempotencyKey ?? null) })),

  update: agencyOwnerProcedure
    .meta({ rest: { method: "PATCH", path: "/v1/agency/plans/{plan_id}", summary: "Change a plan; a new price makes new Stripe Prices, subscribers keep theirs until moved", idempotency: "required", tags } })
    .input(updatePlanInput)
    .output(z.object({ plan: planSchema }))
    .mutation(async ({ ctx, input }) => {
      const { plan_id, ...changes } = input;
      const plan = await planOf(ctx.db, ctx.agency, plan_id);
      return { plan: await updatePlan(ctx.db, ctx.agency, plan, changes, actorOf(ctx), ctx.request?.idempotencyKey ?? null) };
    }),

  archive: agencyOwnerProcedure
    .meta({ rest: { method: "DELETE", path: "/v1/agency/plans/{plan_id}", summary: "Archive a plan: no new subscribers; current ones go on until canceled", status: 204, idempotency: "optional", tags } })
    .input(z.object({ plan_id: z.string().max(100) }))
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await archivePlan(ctx.db, ctx.agency, await planOf(ctx.db, ctx.agency, input.plan_id), actorOf(ctx));
      return null;
    }),
});
