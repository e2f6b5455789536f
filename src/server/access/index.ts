/** The access capability's public surface: other capabilities and the transports import only this (lint: import/no-restricted-paths). */
export { ownedAgency } from "./agency";
export type { Agency } from "./agency";
export { createApiToken, listApiTokens, revokeApiToken } from "./api-tokens";
export { listEditableTeams } from "./lookups";
export { itemIdParam } from "./params";
export { hashPassword, verifyPassword } from "./password";
export { CHATBOT_ROLES, canEditChatbot, canViewContacts, effectiveRole } from "./permissions";
export type { ChatbotRole, MembershipRole } from "./permissions";
export { navFor } from "./portal-nav";
export type { NavKey } from "./portal-nav";
export { agencyOwnerProcedure, authenticatedProcedure, chatbotEditProcedure, chatbotProcedure, clientProcedure, createCallerFactory, createContext, createTRPCRouter, mergeRouters, publicProcedure, teamEditProcedure, teamProcedure, webhookProcedure } from "./procedures";
export type { Context, Meta, RestMeta } from "./procedures";
export { visibleTeamSql } from "./roles";
export { authOptions, getSessionUserId } from "./session";
export { throttledCredentialsCallback } from "./sign-in-route";
export { teamHostsChatbots } from "./team-kinds";
export { canManageTeam, invitationState, memberChangeRefusal } from "./team-management";
export { teamAdminProcedure } from "./team-procedures";
