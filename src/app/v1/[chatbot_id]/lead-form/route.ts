import { restRoutes } from "@/server/transport/rest/bridge";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = restRoutes("/v1/{chatbot_id}/lead-form");
