import { createCallerFactory, createTRPCRouter } from "@/server/api/trpc";
import { apiTokensRouter } from "@/server/api/routers/api-tokens";
import { meRouter } from "@/server/api/routers/me";

export const appRouter = createTRPCRouter({
  me: meRouter,
  apiTokens: apiTokensRouter,
});

export type AppRouter = typeof appRouter;

/** Server-side calls (REST bridge, server components, tests) go through this. */
export const createCaller = createCallerFactory(appRouter);
