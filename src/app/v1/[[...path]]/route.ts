import { restRouteHandlers } from "@/server/transport/rest/bridge";

/** Every `/v1` path but `/v1/openapi.json`: routed by the procedures' `meta.rest` (transport/rest/route-match.ts). */
export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = restRouteHandlers();
