import { createCallerFactory, createTRPCRouter } from "@/server/api/trpc";
import { accountRouter } from "@/server/api/routers/account";
import { agencyBrandRouter } from "@/server/api/routers/agency-brand";
import { agencyClientsRouter } from "@/server/api/routers/agency-clients";
import { agencyWebhooksRouter } from "@/server/api/routers/agency-webhooks";
import { analyticsRouter } from "@/server/api/routers/analytics";
import { apiTokensRouter } from "@/server/api/routers/api-tokens";
import { chatbotChatRouter } from "@/server/api/routers/chatbot-chat";
import { chatbotConversationsRouter } from "@/server/api/routers/chatbot-conversations";
import { chatbotsRouter } from "@/server/api/routers/chatbots";
import { llmKeysRouter } from "@/server/api/routers/llm-keys";
import { invitationsRouter } from "@/server/api/routers/invitations";
import { lifecycleRouter } from "@/server/api/routers/lifecycle";
import { meRouter } from "@/server/api/routers/me";
import { teamRouter } from "@/server/api/routers/team";

export const appRouter = createTRPCRouter({
  me: meRouter,
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
