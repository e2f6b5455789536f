import { json } from "@/server/transport/rest/bridge";
import { buildOpenApiDocument } from "@/server/transport/rest/openapi";

export const dynamic = "force-dynamic";

export function GET() {
  return json(200, buildOpenApiDocument());
}
