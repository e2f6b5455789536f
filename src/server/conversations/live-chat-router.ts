import { z } from "zod";
import { chatbotEditProcedure, chatbotProcedure, createTRPCRouter, teamProcedure } from "@/server/access";
import { businessHoursOfChatbot, setBusinessHours, teamHoursAt } from "./business-hours";
import { availabilityPatch, availabilitySchema, findAvailability, getAvailability, setAvailability } from "./routing";
import { businessHoursSchema } from "./rules/business-hours";

/** Business hours per chatbot and each member's availability for routing (docs/decisions/122-business-hours-routing-and-ratings.md). */
const hoursOutput = z.object({
  business_hours: businessHoursSchema.nullable().meta({ description: "null: always open" }),
  open_now: z.boolean(),
  back_at: z.string().nullable().meta({ description: "When closed: when the team is back, in the chatbot's language (\"Back at 09:00\")" }),
});

const hoursOf = (chatbot: Parameters<typeof teamHoursAt>[0]) => {
  const now = teamHoursAt(chatbot, new Date());
  return { business_hours: businessHoursOfChatbot(chatbot), open_now: now?.open ?? true, back_at: now?.back_at ?? null };
};

export const liveChatRouter = createTRPCRouter({
  businessHours: chatbotProcedure
    .meta({ rest: { method: "GET", path: "/v1/{chatbot_id}/business-hours", summary: "The chatbot's business hours (time zone, weekly intervals, holidays) and whether the team is open now", tags: ["Chatbot"] } })
    .output(hoursOutput)
    .query(({ ctx }) => hoursOf(ctx.chatbot)),

  setBusinessHours: chatbotEditProcedure
    .meta({
      rest: {
        method: "PUT",
        path: "/v1/{chatbot_id}/business-hours",
        summary:
          "Replace the business hours (null: always open): an IANA time zone, per weekday up to 6 intervals HH:MM–HH:MM that neither overlap nor end before they start, holiday dates, and the minutes a waiting conversation may go unanswered; 422 naming the field. Roles owner, admin, editor",
        tags: ["Chatbot"],
      },
    })
    .input(z.object({ business_hours: businessHoursSchema.nullable() }))
    .output(hoursOutput)
    .mutation(async ({ ctx, input }) => {
      const stored = await setBusinessHours(ctx.db, ctx.chatbot.id, input.business_hours);
      return hoursOf({ ...ctx.chatbot, businessHours: stored });
    }),

  availability: teamProcedure
    .meta({ rest: { method: "GET", path: "/v1/teams/{team_id}/availability", summary: "Your availability for routing in this workspace: available or away, your maximum and current open conversations", tags: ["Conversations"] } })
    .output(availabilitySchema)
    .query(({ ctx }) => getAvailability(ctx.db, ctx.team.id, ctx.user.id)),

  setAvailability: teamProcedure
    .meta({
      rest: {
        method: "PATCH",
        path: "/v1/teams/{team_id}/availability",
        summary: "Become available or away, or change your maximum of open conversations (1–100); becoming available takes waiting conversations from the unassigned queue. 404 for a non-member",
        tags: ["Conversations"],
      },
    })
    .input(availabilityPatch)
    .output(availabilitySchema)
    .mutation(({ ctx, input: { team_id: _teamId, ...patch } }) => setAvailability(ctx.db, ctx.team.id, ctx.user.id, patch)),

  /** The inbox header's toggle: the caller's availability in the chatbot's workspace (null: not a member, nothing to toggle). */
  inboxAvailability: chatbotProcedure.query(({ ctx }) => findAvailability(ctx.db, ctx.chatbot.teamId, ctx.user.id)),

  setInboxAvailability: chatbotProcedure
    .input(availabilityPatch)
    .mutation(({ ctx, input: { chatbot_id: _chatbotId, ...patch } }) => setAvailability(ctx.db, ctx.chatbot.teamId, ctx.user.id, patch)),
});
