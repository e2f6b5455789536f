import { z } from "zod";
import { canReplyToConversations, chatbotEditProcedure, chatbotProcedure, createTRPCRouter, teamEditProcedure, teamProcedure } from "@/server/access";
import { actorOf } from "@/server/audit";
import { AppError } from "@/server/kernel/errors";
import { addConversationNote, conversationNoteSchema, listConversationNotes, noteInput } from "./conversation-notes";
import { inboxViews, replySlaOf, replySlaSchema, setReplySla } from "./inbox-views";
import {
  createSavedReply,
  deleteSavedReply,
  listSavedReplies,
  savedReplyCreateInput,
  savedRepliesFor,
  savedReplyPatchInput,
  savedReplySchema,
  updateSavedReply,
} from "./saved-replies";

/**
 * A support team's inbox tools (docs/decisions/121-the-inbox-for-a-support-team.md): a workspace's saved
 * replies (REST, per `team_id` of the chatbot list's items: read by its members and its agency's owner,
 * changed by the roles that may reply), and for the dashboard's inbox the views' live counts, the waits
 * with the reply SLA, the team's notes on a conversation and the saved replies filled for one.
 */
const tags = ["Saved replies"];
const savedReplyId = z.object({ id: z.string().meta({ description: "The saved reply's id" }) });
const conversationId = z.object({ conversation_id: z.string() });
const mayReply = (role: Parameters<typeof canReplyToConversations>[0]) => {
  if (!canReplyToConversations(role)) throw new AppError("FORBIDDEN", "Your role may read this chatbot's conversations but not write in them.");
};

export const savedRepliesRouter = createTRPCRouter({
  list: teamProcedure
    .meta({ rest: { method: "GET", path: "/v1/teams/{team_id}/saved-replies", summary: "The workspace's saved replies, by shortcut", tags } })
    .output(z.array(savedReplySchema))
    .query(({ ctx }) => listSavedReplies(ctx.db, ctx.team.id)),

  create: teamEditProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/v1/teams/{team_id}/saved-replies",
        summary:
          "Save a reply: a shortcut unique in the workspace (409 when taken) and a body whose {variables} must be known (400 naming `body`). Roles owner, admin, editor",
        status: 201,
        idempotency: "optional",
        tags,
      },
    })
    .input(savedReplyCreateInput)
    .output(savedReplySchema)
    .mutation(({ ctx, input: { team_id: _teamId, ...input } }) => createSavedReply(ctx.db, ctx.team.id, { ...actorOf(ctx), userId: ctx.user.id }, input)),

  update: teamEditProcedure
    .meta({ rest: { method: "PATCH", path: "/v1/teams/{team_id}/saved-replies/{id}", summary: "Change a saved reply's shortcut or body (the same checks as saving one)", tags } })
    .input(savedReplyPatchInput.extend(savedReplyId.shape))
    .output(savedReplySchema)
    .mutation(({ ctx, input: { team_id: _teamId, id, ...patch } }) => updateSavedReply(ctx.db, ctx.team.id, actorOf(ctx), id, patch)),

  delete: teamEditProcedure
    .meta({ rest: { method: "DELETE", path: "/v1/teams/{team_id}/saved-replies/{id}", summary: "Delete a saved reply", status: 204, tags } })
    .input(savedReplyId)
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await deleteSavedReply(ctx.db, ctx.team.id, actorOf(ctx), input.id);
      return null;
    }),
});

export const inboxToolsRouter = createTRPCRouter({
  /** The views' counts and the conversations that wait for an answer, with the chatbot's reply SLA. */
  views: chatbotProcedure.query(({ ctx }) => inboxViews(ctx.db, ctx.chatbot.id, ctx.user.id)),

  notes: chatbotProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/v1/{chatbot_id}/conversations/{conversation_id}/notes",
        summary: "The team's notes on a conversation, oldest first: internal notes (in the thread) and notes beside it; never shown to the visitor",
        tags: ["Conversations"],
      },
    })
    .input(conversationId)
    .output(z.array(conversationNoteSchema))
    .query(({ ctx, input }) => listConversationNotes(ctx.db, ctx.chatbot.id, input.conversation_id)),

  addNote: chatbotProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/v1/{chatbot_id}/conversations/{conversation_id}/notes",
        summary: "Write a note for the team on a conversation (kind internal or note); never sent to the visitor. Roles owner, admin, editor; 403 for member",
        status: 201,
        tags: ["Conversations"],
      },
    })
    .input(conversationId.extend(noteInput.shape))
    .output(conversationNoteSchema)
    .mutation(({ ctx, input: { conversation_id, kind, body } }) => {
      mayReply(ctx.role);
      return addConversationNote(ctx.db, ctx.chatbot.id, conversation_id, ctx.user.id, { kind, body });
    }),

  /** The workspace's saved replies, filled for one conversation and the caller. */
  savedReplies: chatbotProcedure
    .input(conversationId)
    .query(({ ctx, input }) => savedRepliesFor(ctx.db, ctx.chatbot, input.conversation_id, ctx.user)),

  replySla: chatbotProcedure
    .meta({ rest: { method: "GET", path: "/v1/{chatbot_id}/reply-sla", summary: "The minutes a visitor may wait for a person's answer before the assignee, then the workspace's admins, are e-mailed", tags: ["Chatbot"] } })
    .output(replySlaSchema)
    .query(({ ctx }) => replySlaOf(ctx.chatbot)),

  setReplySla: chatbotEditProcedure
    .meta({ rest: { method: "PATCH", path: "/v1/{chatbot_id}/reply-sla", summary: "Change the reply target (1–1440 minutes; 422 naming `reply_sla_minutes`). Roles owner, admin, editor", tags: ["Chatbot"] } })
    .input(replySlaSchema)
    .output(replySlaSchema)
    .mutation(({ ctx, input }) => setReplySla(ctx.db, ctx.chatbot.id, input.reply_sla_minutes)),
});
