import { createCallerFactory, createTRPCRouter, mergeRouters } from "@/server/access";
import { accountRouter } from "@/server/accounts";
import { agencyBrandRouter } from "@/server/branding";
import { agencyClientsRouter } from "@/server/workspaces";
import { agencyWebhooksRouter } from "@/server/webhooks";
import { analyticsRouter } from "@/server/analytics";
import { apiTokensRouter } from "@/server/accounts";
import { chatbotChatRouter } from "@/server/conversations";
import { chatbotConversationsRouter } from "@/server/conversations";
import { chatbotsRouter } from "@/server/chatbots";
import { myChatbotsRouter } from "@/server/chatbots";
import { llmKeysRouter } from "@/server/workspaces";
import { invitationsRouter } from "@/server/accounts";
import { lifecycleRouter } from "@/server/workspaces";
import { meRouter } from "@/server/accounts";
import { teamRouter } from "@/server/accounts";
import { auditRouter } from "@/server/audit";
import { channelsRouter } from "@/server/channels";
import { chatbotActionsRouter } from "@/server/actions";
import { crmRouter } from "@/server/crm";
import { chatbotEvaluationsRouter } from "@/server/evaluations";
import { reportsRouter } from "@/server/reports";

/** Every capability's procedures under one router: the dashboard's tRPC API, and through the REST bridge `/v1`. */
export const appRouter = createTRPCRouter({
  me: mergeRouters(meRouter, myChatbotsRouter),
  account: accountRouter,
  apiTokens: apiTokensRouter,
  chatbots: chatbotsRouter,
  analytics: analyticsRouter,
  agencyClients: agencyClientsRouter,
  agencyWebhooks: agencyWebhooksRouter,
  agencyBrand: agencyBrandRouter,
  invitations: invitationsRouter,
  chat: chatbotChatRouter,
  conversations: chatbotConversationsRouter,
  llmKeys: llmKeysRouter,
  team: teamRouter,
  lifecycle: lifecycleRouter,
  audit: auditRouter,
  channels: channelsRouter,
  actions: chatbotActionsRouter,
  crm: crmRouter,
  evaluations: chatbotEvaluationsRouter,
  reports: reportsRouter,
});

export type AppRouter = typeof appRouter;

/** Server-side calls (REST bridge, server components, tests) go through this. */
export const createCaller = createCallerFactory(appRouter);
