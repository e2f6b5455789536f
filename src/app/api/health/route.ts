import { getDb } from "@/server/kernel/db/client";
import { databaseUnavailable } from "@/server/kernel/errors";
import { jsonResponse } from "@/server/kernel/http/json-response";

export const dynamic = "force-dynamic";

/** 200 while the database answers; 503 with Retry-After (and the product's `{message}`) while it cannot be reached. */
export async function GET() {
  try {
    await getDb().$queryRaw`SELECT 1`;
    return jsonResponse(200, { status: "ok" });
  } catch {
    const unavailable = databaseUnavailable();
    return jsonResponse(unavailable.status, { status: "database unavailable", ...unavailable.body() }, unavailable.headers);
  }
}
