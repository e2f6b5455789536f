import { createCallerFactory, createTRPCRouter, mergeRouters } from "@/server/access";
import { accountRouter } from "@/server/accounts";
import { agencyBrandRouter } from "@/server/branding";
import { agencyClientsRouterWith } from "@/server/workspaces";
import { agencyTemplatesRouter, chatbotTemplateRouter, templateBlueprint } from "@/server/templates";
import { agencyWebhooksRouter } from "@/server/webhooks";
import { analyticsRouter } from "@/server/analytics";
import { apiTokensRouter } from "@/server/accounts";
import { chatbotChatRouter } from "@/server/conversations";
import { chatbotConversationsRouter, inboxToolsRouter, liveChatRouter, savedRepliesRouter } from "@/server/conversations";
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
import { billingRouter } from "@/server/billing";
import { reportsRouter } from "@/server/reports";
import { accessLogRouter } from "@/server/access-log";
import { intercomRouter } from "@/server/intercom";
import { privacyRouter } from "@/server/privacy";

/** Every capability's procedures under one router: the dashboard's tRPC API, and through the REST bridge `/v1`. */
export const appRouter = createTRPCRouter({
  me: mergeRouters(meRouter, myChatbotsRouter),
  account: accountRouter,
  apiTokens: apiTokensRouter,
  chatbots: chatbotsRouter,
  analytics: analyticsRouter,
  // Agents made from a template (`template_id`): workspaces cannot import templates (templates depend on it),
  // so the transport composes the two (docs/decisions/111-templates-are-data.md).
  agencyClients: agencyClientsRouterWith(templateBlueprint),
  agencyWebhooks: agencyWebhooksRouter,
  agencyBrand: agencyBrandRouter,
  invitations: invitationsRouter,
  chat: chatbotChatRouter,
  conversations: chatbotConversationsRouter,
  liveChat: liveChatRouter,
  llmKeys: llmKeysRouter,
  team: teamRouter,
  lifecycle: lifecycleRouter,
  audit: auditRouter,
  channels: channelsRouter,
  actions: chatbotActionsRouter,
  crm: crmRouter,
  evaluations: chatbotEvaluationsRouter,
  billing: billingRouter,
  reports: reportsRouter,
  agencyTemplates: agencyTemplatesRouter,
  chatbotTemplate: chatbotTemplateRouter,
  accessLog: accessLogRouter,
  intercom: intercomRouter,
  savedReplies: savedRepliesRouter,
  inboxTools: inboxToolsRouter,
  privacy: privacyRouter,
});

export type AppRouter = typeof appRouter;

/** Server-side calls (REST bridge, server components, tests) go through this. */
export const createCaller = createCallerFactory(appRouter);
