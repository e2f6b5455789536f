import { createCallerFactory, createTRPCRouter } from "@/server/api/trpc";
import { agencyClientsRouter } from "@/server/api/routers/agency-clients";
import { agencyWebhooksRouter } from "@/server/api/routers/agency-webhooks";
import { analyticsRouter } from "@/server/api/routers/analytics";
import { apiTokensRouter } from "@/server/api/routers/api-tokens";
import { chatbotChatRouter } from "@/server/api/routers/chatbot-chat";
import { chatbotConversationsRouter } from "@/server/api/routers/chatbot-conversations";
import { chatbotsRouter } from "@/server/api/routers/chatbots";
import { llmKeysRouter } from "@/server/api/routers/llm-keys";
import { invitationsRouter } from "@/server/api/routers/invitations";
import { meRouter } from "@/server/api/routers/me";

export const appRouter = createTRPCRouter({
  me: meRouter,
  apiTokens: apiTokensRouter,
  chatbots: chatbotsRouter,
  analytics: analyticsRouter,
  agencyClients: agencyClientsRouter,
  agencyWebhooks: agencyWebhooksRouter,
  invitations: invitationsRouter,
  chat: chatbotChatRouter,
  conversations: chatbotConversationsRouter,
  llmKeys: llmKeysRouter,
});

export type AppRouter = typeof appRouter;

/** Server-side calls (REST bridge, server components, tests) go through this. */
export const createCaller = createCallerFactory(appRouter);
