import { createTRPCRouter } from "@/server/api/trpc";

/** Chatbot read API (`/v1/{chatbot_id}`, prompts, sources, finetunes) and dashboard management. */
export const chatbotsRouter = createTRPCRouter({});
