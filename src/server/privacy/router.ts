import { z } from "zod";
import { agencyOwnerProcedure, canViewContacts, chatbotProcedure, createTRPCRouter, teamAdminProcedure, type ChatbotRole } from "@/server/access";
import { setTeamRetention, teamRetention } from "@/server/privacy/team-retention";
import { actorOf, auditedChange, recordAudit, workspaceAuditScope } from "@/server/audit";
import { AppError } from "@/server/kernel/errors";
import { RETENTION_LIMIT_DAYS } from "@/shared/data-retention";
import { agencyRetentionOf, setAgencyRetention } from "@/server/privacy/agency-retention";
import { eraseContact } from "@/server/privacy/contact-erasure";
import { contactExport } from "@/server/privacy/contact-export";
import { contactOfChatbot } from "@/server/privacy/contact-lookup";
import { contactsByEmail } from "@/server/privacy/contact-search";

/** A person's data on request, and the agency's retention (docs/decisions/124-retention-and-a-persons-data.md). */
const tags = ["Conversations"];
const contactId = z.object({ contact_id: z.string().max(64) });
const days = z.number().int().min(1).max(RETENTION_LIMIT_DAYS).nullable();

const mayViewContacts = (role: ChatbotRole) => {
  if (!canViewContacts(role)) throw new AppError("FORBIDDEN", "Your role may not view this chatbot's contacts.");
};

export const privacyRouter = createTRPCRouter({
  exportContact: chatbotProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/v1/{chatbot_id}/contacts/{contact_id}/export",
        summary: "Everything stored of one contact (lead fields, conversations, messages, ratings) as one JSON document, streamed; 404 for another workspace's or an erased contact",
        produces: "application/json",
        tags,
      },
      // An export holds the person's conversations: refused to the agency while the client asks first, and recorded (record 125).
      agencyView: "conversations",
    })
    .input(contactId)
    .output(z.object({ filename: z.string(), body: z.instanceof(ReadableStream) }))
    .query(async ({ ctx, input }) => {
      mayViewContacts(ctx.role);
      const contact = await contactOfChatbot(ctx.db, ctx.chatbot.id, input.contact_id);
      const scope = await workspaceAuditScope(ctx.db, ctx.chatbot.teamId);
      await auditedChange(ctx.db, (db) =>
        recordAudit(db, { agencyId: scope.agencyId, teamId: scope.teamId, actor: actorOf(ctx), action: "contact.exported", target: { type: "contact", id: contact.id, name: null }, after: { chatbot_id: ctx.chatbot.id } }),
      );
      return contactExport(ctx.db, ctx.chatbot.id, contact.id);
    }),

  eraseContact: chatbotProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/v1/{chatbot_id}/contacts/{contact_id}",
        summary: "Erase a contact on request: their lead, their visitor's conversations and messages, their HubSpot sync link (analytics keep their counts); 204, then 404",
        status: 204,
        tags,
      },
    })
    .input(contactId)
    .mutation(async ({ ctx, input }) => {
      mayViewContacts(ctx.role);
      await eraseContact(ctx.db, ctx, ctx.chatbot, input.contact_id);
    }),

  /** The contacts page's search: one person's contacts in every chatbot of this chatbot's workspace, by e-mail. */
  contactsByEmail: chatbotProcedure.meta({ agencyView: "contacts" }).input(z.object({ email: z.string().trim().min(3).max(255) })).query(({ ctx, input }) => {
    mayViewContacts(ctx.role);
    return contactsByEmail(ctx.db, ctx.chatbot.teamId, input.email);
  }),

  /** A client workspace's own retention, for its admins (the team page): its number within the agency's maximum. */
  teamRetention: teamAdminProcedure.query(({ ctx }) => teamRetention(ctx.db, ctx.team)),

  setTeamRetention: teamAdminProcedure.input(z.object({ days })).mutation(({ ctx, input }) => setTeamRetention(ctx, ctx.team, input.days)),

  /** The agency's default and maximum retention for its clients (Settings). */
  agencyRetention: agencyOwnerProcedure.query(({ ctx }) => agencyRetentionOf(ctx.agency)),

  setAgencyRetention: agencyOwnerProcedure
    .input(z.object({ default_days: days, max_days: days }))
    .mutation(({ ctx, input }) => setAgencyRetention(ctx, input)),
});
