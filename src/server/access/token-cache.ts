import type { User } from "@/generated/prisma/client";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { subscribe, syncListeners, type Subscription } from "@/server/kernel/db/notifications";
import { BoundedMemo } from "@/server/kernel/lib/bounded-memo";

/**
 * The users behind API tokens, kept in process memory (docs/decisions/066-token-cache-invalidated-by-notify.md):
 * a `/v1` request whose token is cached starts without a statement for it.
 * Triggers on `api_tokens` and `users` (src/server/access/sql/token-cache.sql)
 * `NOTIFY api_tokens_changed` in the changing transaction, with the token's
 * hash (`t:`) or the user's id (`u:`); every instance drops the entries it
 * names when the notification arrives, on the process's one listening
 * connection (kernel/db/notifications.ts). Nothing is answered from memory
 * while that connection is down, and a look-up that overlapped a
 * notification is not stored: it may have read the rows before the change.
 *
 * A notification reaches each instance when its PostgreSQL backend gets to
 * it, not at the commit itself; so a revocation (`syncTokenCaches`) then waits
 * until every listening instance has processed what was committed before it
 * (`syncListeners`): from then on no instance serves the token.
 */
export const TOKEN_CHANNEL = "api_tokens_changed";
const MAX_ENTRIES = 10_000;

interface Entry {
  user: User;
  tokenId: string;
  lastUsedAt: number | null;
}

interface TokenCache {
  subscription: Subscription;
  entries: BoundedMemo<string, Entry>;
}

const holder = globalThis as unknown as { apiTokenCaches?: WeakMap<Db, TokenCache> };

/** The database a Db's pool connects to: the process's listening connection to it is shared with the live streams. */
const databaseOf = (db: Db) => poolOf(db).options.connectionString;

function cacheFor(db: Db): TokenCache {
  holder.apiTokenCaches ??= new WeakMap();
  let cache = holder.apiTokenCaches.get(db);
  if (!cache) {
    const entries = new BoundedMemo<string, Entry>(MAX_ENTRIES);
    const subscription = subscribe(
      TOKEN_CHANNEL,
      {
        onNotification(payload) {
          if (payload.startsWith("t:")) entries.delete(payload.slice(2));
          else if (payload.startsWith("u:")) {
            const userId = payload.slice(2);
            for (const [hash, entry] of entries) if (entry.user.id === userId) entries.delete(hash);
          } else entries.clear();
        },
        onLost: () => entries.clear(),
      },
      databaseOf(db),
    );
    cache = { subscription, entries };
    holder.apiTokenCaches.set(db, cache);
  }
  return cache;
}

/** The cached user of a token hash, or undefined (not cached, or the cache is not listening). */
export function cachedToken(db: Db, tokenHash: string): Entry | undefined {
  const cache = cacheFor(db);
  if (!cache.subscription.ready) return undefined;
  return cache.entries.get(tokenHash);
}

/** A mark to take before reading a token from the database; `remember` stores the result only if nothing changed since. */
export function tokenCacheMark(db: Db): number | null {
  const { subscription } = cacheFor(db);
  return subscription.ready ? subscription.generation : null;
}

export function rememberToken(db: Db, mark: number | null, tokenHash: string, entry: Entry): void {
  const cache = cacheFor(db);
  if (mark === null || !cache.subscription.ready || cache.subscription.generation !== mark) return;
  cache.entries.set(tokenHash, entry);
}

/**
 * Called after a committed change of tokens (a revocation): resolves once
 * every instance listening at that moment has processed the notifications
 * committed before it, or after `timeoutMs` (an instance that stopped
 * answering). Instances that start listening later read the database first.
 */
export async function syncTokenCaches(db: Db, timeoutMs = 2_000): Promise<void> {
  cacheFor(db);
  await syncListeners(databaseOf(db), timeoutMs);
}
