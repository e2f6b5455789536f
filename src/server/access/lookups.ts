/**
 * The one access layer: who may reach which team, chatbot, client workspace
 * and webhook, and with which role. Resource-scoped procedures in
 * `access/procedures.ts` call these once per request; services receive the checked
 * resource and never look access up themselves. Another tenant's resource, or
 * a malformed id, is NOT_FOUND; a role too weak is FORBIDDEN.
 */
export {
  ownedAgency,
  agencyOrForbidden,
  agencyWithClient,
  agencyWithWebhook,
  agencyClientFrom,
  agencyWebhookFrom,
  agencyScopeFor,
  type Agency,
  type AgencyScope,
} from "@/server/access/agency";
export { findChatbotAccess, readableChatbot, editableChatbot, readableFrom, editableFrom, type ChatbotAccess } from "@/server/access/chatbots";
export { readableTeam, editableTeam, listEditableTeams, type TeamAccess } from "@/server/access/teams";
export { visibleTeamsWhere } from "@/server/access/roles";
