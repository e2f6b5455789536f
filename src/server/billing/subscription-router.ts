import { z } from "zod";
import { canManageTeam, clientProcedure, createTRPCRouter, teamProcedure } from "@/server/access";
import { actorOf } from "@/server/audit";
import { AppError } from "@/server/kernel/errors";
import { clientBilling } from "./client-billing";
import { cancelSubscription, getSubscription, subscribeClient } from "./subscriptions";
import { buyTopup } from "./topups";
import { subscribeInput, subscriptionSchema } from "./schemas";

const tags = ["Billing plans"];
const envelope = z.object({ subscription: subscriptionSchema });

/** A client's subscription (agency owner, REST and the client page), and the client's own view of it (its home). */
export const subscriptionRouter = createTRPCRouter({
  get: clientProcedure
    .meta({ rest: { method: "GET", path: "/v1/agency/clients/{client_id}/subscription", summary: "The client's subscription: status, plan, current period, next invoice", tags } })
    .output(envelope)
    .query(async ({ ctx }) => ({ subscription: await getSubscription(ctx.db, ctx.client) })),

  create: clientProcedure
    .meta({ rest: { method: "POST", path: "/v1/agency/clients/{client_id}/subscription", summary: "Subscribe a client to a plan: a Stripe Customer and a Checkout link e-mailed to its admins (or send_invoice)", status: 201, idempotency: "required", tags } })
    .input(subscribeInput)
    .output(envelope)
    .mutation(async ({ ctx, input }) => ({ subscription: await subscribeClient(ctx.db, ctx.agency, ctx.client, input, actorOf(ctx), ctx.request?.idempotencyKey ?? null) })),

  cancel: clientProcedure
    .meta({ rest: { method: "DELETE", path: "/v1/agency/clients/{client_id}/subscription", summary: "Cancel at the end of the current period (an unpaid Checkout is closed at once)", idempotency: "optional", tags } })
    .output(envelope)
    .mutation(async ({ ctx }) => ({ subscription: await cancelSubscription(ctx.db, ctx.agency, ctx.client, actorOf(ctx)) })),

  // The client's home (dashboard): its plan, invoices, packs; its admins buy a pack.
  clientBilling: teamProcedure.query(({ ctx }) => clientBilling(ctx.db, ctx.team, ctx.role)),
  buyTopup: teamProcedure.input(z.object({ pack_id: z.string().max(100) })).mutation(({ ctx, input }) => {
    if (ctx.team.kind !== "client") throw new AppError("NOT_FOUND", "Top-up pack not found.");
    if (!canManageTeam(ctx.role)) throw new AppError("FORBIDDEN", "Only the workspace's admins may buy top-up packs.");
    return buyTopup(ctx.db, ctx.team, input.pack_id, { id: ctx.user.id, email: ctx.user.email });
  }),
});
