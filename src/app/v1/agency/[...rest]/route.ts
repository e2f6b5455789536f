import { unknownRoutes } from "@/server/transport/rest/bridge";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = unknownRoutes();
