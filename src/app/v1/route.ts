import { unknownRoutes } from "@/server/rest/bridge";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = unknownRoutes();
