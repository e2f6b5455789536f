import { randomUUID } from "node:crypto";
import type { User } from "@/generated/prisma/client";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { listen, type Listener } from "@/server/kernel/db/listener";

/**
 * The users behind API tokens, kept in process memory (issue 28, docs/decisions/066-token-cache-invalidated-by-notify.md):
 * a `/v1` request whose token is cached starts without a statement for it.
 * Triggers on `api_tokens` and `users` (src/server/access/sql/token-cache.sql)
 * `NOTIFY api_tokens_changed` in the changing transaction, with the token's
 * hash (`t:`) or the user's id (`u:`); every instance drops the entries it
 * names when the notification arrives. Nothing is answered from memory while
 * the listening connection is down, and a look-up that overlapped a
 * notification is not stored: it may have read the rows before the change.
 *
 * A notification reaches each instance when its PostgreSQL backend gets to
 * it, not at the commit itself; so a revocation (`syncTokenCaches`) then asks
 * every listening instance (`sync:<nonce>`, delivered after the change, in
 * commit order) to answer on `api_tokens_synced`, and returns once all have:
 * from then on no instance serves the token.
 */
export const TOKEN_CHANNEL = "api_tokens_changed";
const SYNCED_CHANNEL = "api_tokens_synced";
const APPLICATION_NAME = "api-token-cache";
const MAX_ENTRIES = 10_000;

interface Entry {
  user: User;
  tokenId: string;
  lastUsedAt: number | null;
}

interface TokenCache {
  listener: Listener;
  entries: Map<string, Entry>;
  /** Answers awaited by this process's syncs, by nonce. */
  syncs: Map<string, () => void>;
}

const holder = globalThis as unknown as { apiTokenCaches?: WeakMap<Db, TokenCache> };

function cacheFor(db: Db): TokenCache {
  holder.apiTokenCaches ??= new WeakMap();
  let cache = holder.apiTokenCaches.get(db);
  if (!cache) {
    const entries = new Map<string, Entry>();
    const syncs = new Map<string, () => void>();
    const listener: Listener = listen(poolOf(db).options, APPLICATION_NAME, [TOKEN_CHANNEL, SYNCED_CHANNEL], {
      message(channel, payload) {
        if (channel === SYNCED_CHANNEL) return syncs.get(payload)?.();
        if (payload.startsWith("t:")) entries.delete(payload.slice(2));
        else if (payload.startsWith("u:")) {
          const userId = payload.slice(2);
          for (const [hash, entry] of entries) if (entry.user.id === userId) entries.delete(hash);
        } else if (payload.startsWith("sync:")) listener.notify(SYNCED_CHANNEL, payload.slice(5));
        else entries.clear();
      },
      reset: () => entries.clear(),
    });
    cache = { listener, entries, syncs };
    holder.apiTokenCaches.set(db, cache);
  }
  return cache;
}

/** The cached user of a token hash, or undefined (not cached, or the cache is not listening). */
export function cachedToken(db: Db, tokenHash: string): Entry | undefined {
  const cache = cacheFor(db);
  if (!cache.listener.ready) return undefined;
  return cache.entries.get(tokenHash);
}

/** A mark to take before reading a token from the database; `remember` stores the result only if nothing changed since. */
export function tokenCacheMark(db: Db): number | null {
  const { listener } = cacheFor(db);
  return listener.ready ? listener.generation : null;
}

export function rememberToken(db: Db, mark: number | null, tokenHash: string, entry: Entry): void {
  const cache = cacheFor(db);
  if (mark === null || !cache.listener.ready || cache.listener.generation !== mark) return;
  if (cache.entries.size >= MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value!);
  cache.entries.set(tokenHash, entry);
}

/**
 * Called after a committed change of tokens (a revocation): resolves once
 * every instance listening at that moment has processed the notifications
 * committed before it, or after `timeoutMs` (an instance that stopped
 * answering). Instances that start listening later read the database first.
 */
export async function syncTokenCaches(db: Db, timeoutMs = 2_000): Promise<void> {
  const nonce = randomUUID();
  let answers = 0;
  let expected = Infinity;
  let done!: () => void;
  const all = new Promise<void>((resolve) => (done = resolve));
  const cache = cacheFor(db);
  // This process's own listener (it receives the answers) may still be connecting on a first revocation.
  for (const until = Date.now() + timeoutMs; !cache.listener.ready && Date.now() < until; ) await new Promise((r) => setTimeout(r, 10));
  cache.syncs.set(nonce, () => {
    if (++answers >= expected) done();
  });
  try {
    const pool = poolOf(db);
    const { rows } = await pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1",
      [APPLICATION_NAME],
    );
    expected = rows[0]!.n;
    if (answers >= expected) return;
    await pool.query("SELECT pg_notify($1, $2)", [TOKEN_CHANNEL, `sync:${nonce}`]);
    await Promise.race([all, new Promise((r) => setTimeout(r, timeoutMs).unref())]);
  } finally {
    cache.syncs.delete(nonce);
  }
}
