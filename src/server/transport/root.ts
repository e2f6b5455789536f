import { createCallerFactory, createTRPCRouter, mergeRouters } from "@/server/access/procedures";
import { accountRouter } from "@/server/accounts/account-router";
import { agencyBrandRouter } from "@/server/branding/router";
import { agencyClientsRouter } from "@/server/workspaces/clients-router";
import { agencyWebhooksRouter } from "@/server/webhooks/router";
import { analyticsRouter } from "@/server/analytics/router";
import { apiTokensRouter } from "@/server/accounts/api-tokens-router";
import { chatbotChatRouter } from "@/server/conversations/chat-router";
import { chatbotConversationsRouter } from "@/server/conversations/router";
import { chatbotsRouter } from "@/server/chatbots/router";
import { myChatbotsRouter } from "@/server/chatbots/my-chatbots-router";
import { llmKeysRouter } from "@/server/workspaces/llm-keys-router";
import { invitationsRouter } from "@/server/accounts/invitations-router";
import { lifecycleRouter } from "@/server/workspaces/lifecycle-router";
import { meRouter } from "@/server/accounts/me-router";
import { teamRouter } from "@/server/accounts/team-router";

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
});

export type AppRouter = typeof appRouter;

/** Server-side calls (REST bridge, server components, tests) go through this. */
export const createCaller = createCallerFactory(appRouter);
