import { createTRPCRouter } from "@/server/api/trpc";

/** `/v1/{chatbot_id}/analytics` and the dashboard's analytics page. */
export const analyticsRouter = createTRPCRouter({});
