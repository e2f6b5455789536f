import type { Db } from "@/server/kernel/db/client";
import { insightsJobKey, type ComputeInsightsPayload } from "@/server/analytics/insights-job";
import { enqueue } from "@/server/kernel/jobs/registry";
import { BoundedMemo } from "@/server/kernel/lib/bounded-memo";

/**
 * Asks the workers to compute the insight themes of a period, once: the job
 * key makes repeated requests for the same period update one pending job,
 * and this process skips asking again for a few minutes.
 * A failure (e.g. the workers never ran here, so the queue's schema is
 * missing) never fails the analytics request: the period just stays without
 * insights and the next request asks again.
 */
const ASK_AGAIN_AFTER_MS = 5 * 60_000;
/** When each period was last asked for, oldest first: past the bound the longest-ago go (asking again is harmless). */
const asked = new BoundedMemo<string, number>(10_000);
let warned = false;

export async function requestInsights(db: Db, payload: ComputeInsightsPayload): Promise<void> {
  const key = insightsJobKey(payload);
  const now = Date.now();
  if ((asked.get(key) ?? 0) > now - ASK_AGAIN_AFTER_MS) return;
  try {
    await enqueue(db, "compute_insights", payload, { maxAttempts: 3, jobKey: key, jobKeyMode: "preserve_run_at" });
    asked.delete(key);
    asked.set(key, now);
  } catch (error) {
    if (!warned) console.warn(`[analytics] could not queue compute_insights: ${(error as Error).message.split("\n").at(-1)}`);
    warned = true;
  }
}

/** Forget what this process asked for (tests). */
export function resetInsightRequests() {
  asked.clear();
}
