import { createCallerFactory, createTRPCRouter } from "@/server/api/trpc";
import { agencyClientsRouter } from "@/server/api/routers/agency-clients";
import { analyticsRouter } from "@/server/api/routers/analytics";
import { apiTokensRouter } from "@/server/api/routers/api-tokens";
import { chatbotsRouter } from "@/server/api/routers/chatbots";
import { invitationsRouter } from "@/server/api/routers/invitations";
import { meRouter } from "@/server/api/routers/me";

export const appRouter = createTRPCRouter({
  me: meRouter,
  apiTokens: apiTokensRouter,
  chatbots: chatbotsRouter,
  analytics: analyticsRouter,
  agencyClients: agencyClientsRouter,
  invitations: invitationsRouter,
});

export type AppRouter = typeof appRouter;

/** Server-side calls (REST bridge, server components, tests) go through this. */
export const createCaller = createCallerFactory(appRouter);
