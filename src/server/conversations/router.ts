import { z } from "zod";
import { readDb } from "@/server/kernel/db/replicas";
import { chatbotEditProcedure, chatbotProcedure, createTRPCRouter } from "@/server/access";
import { canEditChatbot, canReplyToConversations, canViewContacts, chatbotReaders, type ChatbotRole } from "@/server/access";
import { leadFormOf, leadFormPatchSchema, leadFormSchema } from "@/server/conversations/rules/lead-form";
import { updateLeadForm } from "@/server/conversations/lead-form";
import { AppError } from "@/server/kernel/errors";
import { actionCallSchema, listActionCalls } from "@/server/actions";
import { contactSchema, conversationSchema, envelopeOf, messageSchema } from "@/server/conversations/serializer";
import { agentMessageSchema, conversationPatchInput, markAgentSeen, postAgentMessage, updateConversationState } from "@/server/conversations/handoff";
import { CONVERSATION_SOURCES, CONVERSATION_STATUSES } from "@/server/conversations/rules/handoff";
import { getConversation, inboxConversation, leadsOfVisitors, listContacts, listConversations, listEscalations, setConversationFlags } from "@/server/conversations/inbox";

const tags = ["Conversations"];
const page = z.coerce.number().int().min(1).default(1);
const perPage = z.coerce.number().int().min(1).max(100).default(25);
const mayReply = (role: ChatbotRole) => {
  if (!canReplyToConversations(role)) throw new AppError("FORBIDDEN", "Your role may read this chatbot's conversations but not reply or change who answers them.");
};
const replyContent = z.object({ content: z.string().trim().min(1).max(4000) });
const booleanParam = z.preprocess((v) => (v === "true" || v === "1" ? true : v === "false" || v === "0" ? false : v), z.boolean());

/** Conversations with their transcripts (everyone who sees the chatbot), contacts (the `leads` permission). */
export const chatbotConversationsRouter = createTRPCRouter({
  list: chatbotProcedure
    .meta({ rest: { method: "GET", path: "/v1/{chatbot_id}/conversations", summary: "The chatbot's conversations, newest first", tags }, agencyView: "conversations" })
    .input(z.object({ page, per_page: perPage, archived: booleanParam.optional() }))
    .output(envelopeOf(conversationSchema))
    .query(({ ctx, input }) => readDb(ctx, (db) => listConversations(db, ctx.chatbot.id, input))),

  get: chatbotProcedure
    .meta({ rest: { method: "GET", path: "/v1/{chatbot_id}/conversations/{conversation_id}", summary: "One conversation with its messages and the HTTP actions its answers called", tags }, agencyView: "conversations" })
    .input(z.object({ conversation_id: z.string() }))
    .output(
      z.object({
        conversation: conversationSchema,
        messages: z.array(messageSchema),
        // Additive (docs/decisions/082-crm-rest-and-audit.md): what the inbox shows under each answer (header values are never recorded).
        action_calls: z.array(actionCallSchema).meta({ description: "The HTTP actions called for the answers, oldest first; `message_id` names the answer each served" }),
      }),
    )
    .query(async ({ ctx, input }) => {
      const detail = await getConversation(ctx.db, ctx.chatbot.id, input.conversation_id);
      return { ...detail, action_calls: await listActionCalls(ctx.db, detail.conversation.id) };
    }),

  update: chatbotProcedure
    .meta({
      rest: {
        method: "PATCH",
        path: "/v1/{chatbot_id}/conversations/{conversation_id}",
        summary: "Take over, assign, hand back or resolve a conversation: its status (bot, waiting, human, resolved) and assignee (a workspace member or null). Roles owner, admin, editor; 403 for member",
        tags,
      },
    })
    .input(conversationPatchInput.extend({ conversation_id: z.string() }))
    .output(conversationSchema)
    .mutation(({ ctx, input: { conversation_id, ...change } }) => {
      mayReply(ctx.role);
      return updateConversationState(ctx.db, ctx.chatbot, conversation_id, change, ctx.user.id);
    }),

  reply: chatbotProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/v1/{chatbot_id}/conversations/{conversation_id}/messages",
        summary: "Reply to the visitor as a person (role agent, not charged); the conversation becomes human. Roles owner, admin, editor; 403 for member",
        status: 201,
        tags,
      },
    })
    .input(replyContent.extend({ conversation_id: z.string() }))
    .output(z.object({ message: agentMessageSchema }))
    .mutation(({ ctx, input }) => {
      mayReply(ctx.role);
      return postAgentMessage(ctx.db, ctx.chatbot.id, input.conversation_id, ctx.user.id, input.content);
    }),

  contacts: chatbotProcedure
    .meta({ rest: { method: "GET", path: "/v1/{chatbot_id}/contacts", summary: "The chatbot's contacts (leads); 403 for roles that may not view them", tags }, agencyView: "contacts" })
    .input(z.object({ page, per_page: perPage }))
    .output(envelopeOf(contactSchema))
    .query(({ ctx, input }) => {
      if (!canViewContacts(ctx.role)) throw new AppError("FORBIDDEN", "Your role may not view this chatbot's contacts.");
      return readDb(ctx, (db) => listContacts(db, ctx.chatbot.id, input.page, input.per_page));
    }),

  /** The dashboard inbox: its filters, and each visitor's lead (name, e-mail) for the roles that see contacts. */
  inbox: chatbotProcedure
    .meta({ agencyView: "conversations" })
    .input(
      z.object({
        page,
        per_page: perPage,
        filter: z.enum(["all", "unread", "archived", "lead", "escalated", "negative", "people"]).default("all"),
        status: z.enum(CONVERSATION_STATUSES).optional(),
        assignee: z.string().max(64).optional(),
        source: z.enum(CONVERSATION_SOURCES).optional(),
        search: z.string().max(200).optional(),
      }),
    )
    .query(({ ctx, input }) =>
      readDb(ctx, async (db) => {
        const list = await listConversations(db, ctx.chatbot.id, {
          ...input,
          archived: input.filter === "archived" ? true : input.filter === "all" || input.filter === "people" ? false : undefined,
          me: ctx.user.id,
        });
        const leads = canViewContacts(ctx.role) ? await leadsOfVisitors(db, ctx.chatbot.id, list.data.map((c) => c.visitor_id)) : {};
        return { ...list, data: list.data.map((c) => ({ ...c, lead: leads[c.visitor_id] ?? null })) };
      }),
    ),

  /** Who a conversation may be assigned to (the people who may read the chatbot), and whether the caller may reply. */
  team: chatbotProcedure.query(async ({ ctx }) => ({ assignees: await chatbotReaders(ctx.db, ctx.chatbot.id), can_reply: canReplyToConversations(ctx.role), me: ctx.user.id })),

  /**
   * The inbox stream opens (and every minute it stays open): may the caller watch the chatbot's inbox, and
   * a member who may reply is there (visitors asking for a person are told whether someone is).
   */
  watch: chatbotProcedure.meta({ agencyView: "conversations" }).mutation(async ({ ctx }) => {
    const present = canReplyToConversations(ctx.role);
    if (present) await markAgentSeen(ctx.db, ctx.chatbot.teamId);
    return { chatbot_id: ctx.chatbot.id, team_id: ctx.chatbot.teamId, present };
  }),

  /** Opening a conversation in the inbox marks it read. */
  open: chatbotProcedure
    .meta({ agencyView: "conversations" })
    .input(z.object({ conversation_id: z.string() }))
    .mutation(({ ctx, input }) => inboxConversation(ctx.db, ctx.chatbot.id, input.conversation_id, { markRead: true, withContacts: canViewContacts(ctx.role) })),

  setFlags: chatbotProcedure
    .input(z.object({ conversation_id: z.string(), unread: z.boolean().optional(), archived: z.boolean().optional() }))
    .mutation(({ ctx, input }) => setConversationFlags(ctx.db, ctx.chatbot.id, input.conversation_id, { unread: input.unread, archived: input.archived })),

  escalations: chatbotProcedure.meta({ agencyView: "conversations" }).query(({ ctx }) => listEscalations(ctx.db, ctx.chatbot.id)),

  /** The widget's lead form (docs/decisions/059-a-real-lead-form.md): its fields and when it shows; `can_edit` for the roles that change settings. */
  leadForm: chatbotProcedure.query(({ ctx }) => ({ form: leadFormOf(ctx.chatbot.leadForm, ctx.chatbot.defaultLanguage), can_edit: canEditChatbot(ctx.role) })),

  setLeadForm: chatbotProcedure.input(z.object({ form: leadFormSchema })).mutation(async ({ ctx, input }) => {
    if (!canEditChatbot(ctx.role)) throw new AppError("FORBIDDEN", "Your role may not change this chatbot's settings.");
    return { form: await updateLeadForm(ctx.db, ctx.chatbot.id, input.form) };
  }),

  /** The lead form in REST (a resource of its own: the contract pins the keys of `GET /v1/{chatbot_id}`). */
  leadFormSettings: chatbotProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/v1/{chatbot_id}/lead-form",
        summary: "The widget's lead form: its fields (key, label, type text/email/phone, required) and when it shows (after N visitor messages, on handoff when nobody is around, when credits run out)",
        tags: ["Chatbot"],
      },
    })
    .output(z.object({ lead_form: leadFormSchema }))
    .query(({ ctx }) => ({ lead_form: leadFormOf(ctx.chatbot.leadForm, ctx.chatbot.defaultLanguage) })),

  updateLeadFormSettings: chatbotEditProcedure
    .meta({
      rest: {
        method: "PATCH",
        path: "/v1/{chatbot_id}/lead-form",
        summary:
          "Change the lead form: the keys sent replace the stored ones and the whole form is checked (1–10 fields with their own keys, an e-mail or phone field among them); 422 with the errors by field. Roles owner, admin, editor",
        tags: ["Chatbot"],
      },
    })
    .input(leadFormPatchSchema)
    .output(z.object({ lead_form: leadFormSchema }))
    .mutation(async ({ ctx, input: { chatbot_id: _chatbotId, ...patch } }) => ({ lead_form: await updateLeadForm(ctx.db, ctx.chatbot.id, patch) })),

  /** Every contact, for the CSV export (the `leads` permission). */
  allContacts: chatbotProcedure.meta({ agencyView: "contacts" }).query(({ ctx }) => {
    if (!canViewContacts(ctx.role)) throw new AppError("FORBIDDEN", "Your role may not view this chatbot's contacts.");
    return readDb(ctx, (db) => listContacts(db, ctx.chatbot.id, 1, 10_000));
  }),
});
