import { z } from "zod";
import { chatbotEditProcedure, chatbotProcedure, createTRPCRouter } from "@/server/access";
import { auditedChange } from "@/server/audit";
import { auditActionCreated, auditActionDeleted, auditActionUpdated } from "./audit";
import { createAction, deleteAction, listActions, updateAction } from "./actions";
import { actionCreateInput, actionPatchInput } from "./rules";
import { chatbotActionSchema } from "./serializer";

/** A chatbot's HTTP actions (docs/decisions/076-http-actions.md): listed by everyone who sees the chatbot, changed by editors and up. */
const tags = ["Actions"];
const actionId = z.object({ action_id: z.string().meta({ description: "The action's id" }) });

export const chatbotActionsRouter = createTRPCRouter({
  list: chatbotProcedure
    .meta({ rest: { method: "GET", path: "/v1/{chatbot_id}/actions", summary: "The chatbot's HTTP actions, oldest first (header values are never returned)", tags } })
    .output(z.array(chatbotActionSchema))
    .query(({ ctx }) => listActions(ctx.db, ctx.chatbot.id)),

  create: chatbotEditProcedure
    .meta({ rest: { method: "POST", path: "/v1/{chatbot_id}/actions", summary: "Define an HTTP action the agent may call (roles owner, admin, editor)", status: 201, tags } })
    .input(actionCreateInput)
    .output(chatbotActionSchema)
    .mutation(({ ctx, input }) =>
      auditedChange(ctx.db, async (db) => {
        const created = await createAction(db, ctx.chatbot.id, input);
        await auditActionCreated(db, ctx, created);
        return created;
      }),
    ),

  update: chatbotEditProcedure
    .meta({
      rest: {
        method: "PATCH",
        path: "/v1/{chatbot_id}/actions/{action_id}",
        summary: "Change an action; `headers`, when given, replaces the list (a header without `value` keeps its stored value)",
        tags,
      },
    })
    .input(actionPatchInput.extend(actionId.shape))
    .output(chatbotActionSchema)
    .mutation(({ ctx, input: { action_id, ...patch } }) =>
      auditedChange(ctx.db, async (db) => {
        const { before, after } = await updateAction(db, ctx.chatbot.id, action_id, patch);
        await auditActionUpdated(db, ctx, before, after, patch.headers);
        return after;
      }),
    ),

  delete: chatbotEditProcedure
    .meta({ rest: { method: "DELETE", path: "/v1/{chatbot_id}/actions/{action_id}", summary: "Delete an action (its past calls stay on their conversations)", status: 204, tags } })
    .input(actionId)
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await auditedChange(ctx.db, async (db) => auditActionDeleted(db, ctx, await deleteAction(db, ctx.chatbot.id, input.action_id)));
      return null;
    }),
});
