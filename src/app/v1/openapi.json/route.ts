import { json } from "@/server/rest/bridge";
import { buildOpenApiDocument } from "@/server/rest/openapi";

export const dynamic = "force-dynamic";

export function GET() {
  return json(200, buildOpenApiDocument());
}
