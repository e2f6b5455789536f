import { getDb } from "@/server/kernel/db/client";
import { databaseUnavailable } from "@/server/kernel/errors";

export const dynamic = "force-dynamic";

/** 200 while the database answers; 503 with Retry-After (and the product's `{message}`) while it cannot be reached. */
export async function GET() {
  try {
    await getDb().$queryRaw`SELECT 1`;
    return Response.json({ status: "ok" });
  } catch {
    const unavailable = databaseUnavailable();
    return Response.json({ status: "database unavailable", ...unavailable.body() }, { status: unavailable.status, headers: unavailable.headers });
  }
}
