/**
 * "Nobody from the team is around", told to a visitor who waits for a person
 * (docs/decisions/058-asking-for-a-person.md) — whenever it becomes
 * true, not only when the button is pressed, and whichever way the
 * conversation came to wait (the button, the escalation rules, the threshold).
 *
 * It is derived from the stored presence (`teams.agent_seen_at`, written by
 * every instance that serves an open inbox) on every check, never from this
 * process's memory: each process checks the waiting streams it holds, so a
 * visitor on one instance learns that the agent whose inbox was open on
 * another has gone. ONE timer per process, ONE statement per check for all
 * the workspaces its waiting visitors belong to; a stream that starts waiting
 * is checked at once.
 */
import { poolOf, type Db } from "@/server/kernel/db/client";
import { env } from "@/server/kernel/env";

interface Waiter {
  teamId: string;
  tell(available: boolean): void;
}

interface Watch {
  waiters: Set<Waiter>;
  timer: NodeJS.Timeout | null;
}

const holder = globalThis as unknown as { acpPresenceWatch?: Watch };
const watch = (holder.acpPresenceWatch ??= { waiters: new Set(), timer: null });

/** Whether someone who may reply had an inbox open within HANDOFF_AGENT_IDLE_MINUTES, per workspace. */
async function availability(db: Db, teamIds: string[]): Promise<Map<string, boolean>> {
  const { rows } = await poolOf(db).query<{ id: string; available: boolean }>({
    name: "presence_watch_available",
    text: `SELECT id::text, coalesce(agent_seen_at > now() - make_interval(mins => $2::int), false) AS available
             FROM teams WHERE id = ANY($1::uuid[])`,
    values: [teamIds, env().HANDOFF_AGENT_IDLE_MINUTES],
  });
  return new Map(rows.map((r) => [r.id, r.available]));
}

async function check(db: Db, waiters: Iterable<Waiter>): Promise<void> {
  const list = [...waiters];
  if (list.length === 0) return;
  const byTeam = await availability(db, [...new Set(list.map((w) => w.teamId))]);
  for (const waiter of list) if (watch.waiters.has(waiter)) waiter.tell(byTeam.get(waiter.teamId) ?? false);
}

function tick(db: Db) {
  if (watch.waiters.size === 0) {
    if (watch.timer) clearInterval(watch.timer);
    watch.timer = null;
    return;
  }
  void check(db, watch.waiters).catch((error: unknown) => console.error("[presence] check failed:", error));
}

/**
 * Tells `tell` at once, then on every check while registered, whether someone from the workspace is
 * around (the stream sends only changes). The returned function stops it.
 */
export function watchPresence(db: Db, teamId: string, tell: (available: boolean) => void): () => void {
  const waiter: Waiter = { teamId, tell };
  watch.waiters.add(waiter);
  if (!watch.timer) {
    watch.timer = setInterval(() => tick(db), env().HANDOFF_PRESENCE_CHECK_SECONDS * 1_000);
    watch.timer.unref();
  }
  void check(db, [waiter]).catch((error: unknown) => console.error("[presence] check failed:", error));
  return () => {
    watch.waiters.delete(waiter);
  };
}
