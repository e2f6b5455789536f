import { getDb } from "@/server/kernel/db/client";
import { env } from "@/server/kernel/env";
import { databaseUnavailable } from "@/server/kernel/errors";
import { jsonResponse } from "@/server/kernel/http/json-response";

export const dynamic = "force-dynamic";

/**
 * 200 while the database answers; 503 with Retry-After (and the product's `{message}`) while it cannot be
 * reached. The workers' heartbeat (kernel/jobs/heartbeat.ts) is reported too: `status: "degraded"` when no
 * worker process has beaten within WORKER_DEAD_AFTER_SECONDS (no job runs: channel answers, training), still
 * 200 — the web server itself serves, and a load balancer must not take every web server out for it; an
 * orchestrator reads `status` (docs/decisions/040-running-the-app.md).
 */
export async function GET() {
  let lastBeat: Date | null;
  try {
    const [row] = await getDb().$queryRaw<Array<{ last: Date | null }>>`SELECT max(beat_at) AS last FROM worker_heartbeats`;
    lastBeat = row?.last ?? null;
  } catch {
    const unavailable = databaseUnavailable();
    return jsonResponse(unavailable.status, { status: "database unavailable", ...unavailable.body() }, unavailable.headers);
  }
  const deadAfter = env().WORKER_DEAD_AFTER_SECONDS;
  const workersAlive = lastBeat !== null && Date.now() - lastBeat.getTime() <= deadAfter * 1000;
  const workers = { alive: workersAlive, last_beat_at: lastBeat?.toISOString() ?? null };
  if (workersAlive) return jsonResponse(200, { status: "ok", workers });
  return jsonResponse(200, { status: "degraded", message: `No worker has beaten in the last ${deadAfter} s: background jobs do not run.`, workers });
}
