import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/transport/root";

export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type CurrentUser = RouterOutputs["me"]["get"]["user"];
export type ChatbotListItem = RouterOutputs["me"]["chatbots"][number];
export type ApiTokenItem = RouterOutputs["apiTokens"]["list"][number];
