import pg from "pg";
import { env } from "@/server/kernel/env";
import { AppError } from "@/server/kernel/errors";
import { createPrismaClient, getDb, isTransactionDb, poolOf, type Db } from "@/server/kernel/db/client";

/**
 * Reads from streaming replicas (docs/decisions/126-reads-from-replicas.md).
 * A procedure chooses the replica for a named read explicitly, `readDb(ctx,
 * (db) => …)`; everything else (writes, credit admission, any statement in a
 * transaction) stays on the primary, `ctx.db`.
 *
 * Read-your-writes: after a write, the transports hand the caller the
 * primary's WAL position (`writePosition`: the `X-Min-LSN` response header and
 * a short-lived cookie), and a read that carries it goes to a replica only
 * once that replica has replayed it, waited for at most CAUGHT_UP_WAIT_MS;
 * otherwise to the primary.
 *
 * Health: every DATABASE_REPLICA_CHECK_MS each replica's replay position is
 * read next to the primary's; a replica that does not answer, is no longer in
 * recovery, or has not replayed what the primary wrote more than
 * DATABASE_REPLICA_MAX_LAG_MS ago is taken out, and put back once it has.
 */
export const READ_APPLICATION_NAME = "acp-read";
/** The health loop's own connection: pg_stat_activity tells its statements from the reads'. */
export const HEALTH_APPLICATION_NAME = "acp-read-health";
export const MIN_LSN_HEADER = "x-min-lsn";
export const MIN_LSN_COOKIE = "acp_min_lsn";
const CAUGHT_UP_WAIT_MS = 100;
const CAUGHT_UP_POLL_MS = 10;

/** What a read needs of the call: the primary and the caller's last write position, if any. */
export interface ReadContext {
  db: Db;
  request?: { minLsn?: string | null };
}

interface Replica {
  url: string;
  db: Db;
  health: pg.Pool;
  healthy: boolean;
  replayed: bigint;
}

/** `16/B374D848` as a number that compares. */
export function parseLsn(text: string | null | undefined): bigint | null {
  const m = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text?.trim() ?? "");
  return m ? (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`) : null;
}

/** The oldest primary position a replica has not replayed, by when it was seen: its lag in time. */
export function lagMs(samples: readonly { at: number; lsn: bigint }[], replayed: bigint, now: number): number {
  const behind = samples.find((s) => s.lsn > replayed);
  return behind ? now - behind.at : 0;
}

export class ReadReplicas {
  private readonly replicas: Replica[];
  private samples: { at: number; lsn: bigint }[] = [];
  private turn = 0;
  private timer: NodeJS.Timeout | undefined;
  private firstCheck: Promise<void> | undefined;

  constructor(
    private readonly primary: Db,
    urls: string[],
    private readonly settings: { maxLagMs: number; checkMs: number },
  ) {
    this.replicas = urls.map((url) => {
      const health = new pg.Pool({ connectionString: url, max: 1, application_name: HEALTH_APPLICATION_NAME });
      health.on("error", () => undefined); // a replica going away: the next check says so
      return { url, db: createPrismaClient(url, { applicationName: READ_APPLICATION_NAME }), health, healthy: false, replayed: 0n };
    });
  }

  /** Starts the health loop (once); resolves after the first check. */
  start(): Promise<void> {
    this.firstCheck ??= this.check().then(() => {
      this.timer = setInterval(() => void this.check(), this.settings.checkMs);
      this.timer.unref();
    });
    return this.firstCheck;
  }

  async stop() {
    clearInterval(this.timer);
    await Promise.all(this.replicas.flatMap((r) => [r.db.$disconnect(), r.health.end()]));
  }

  /** Which replicas are in, by URL (for logs and tests). */
  status(): { url: string; healthy: boolean }[] {
    return this.replicas.map(({ url, healthy }) => ({ url, healthy }));
  }

  async check(): Promise<void> {
    const now = Date.now();
    try {
      const { rows } = await poolOf(this.primary).query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn");
      const lsn = parseLsn(rows[0]?.lsn);
      if (lsn !== null && lsn !== this.samples.at(-1)?.lsn) this.samples.push({ at: now, lsn });
    } catch {
      /* the primary unreachable: the replicas are judged on what was seen before */
    }
    await Promise.all(
      this.replicas.map(async (replica) => {
        const replayed = await this.replayed(replica);
        if (replayed === null) return void (replica.healthy = false);
        replica.replayed = replayed;
        replica.healthy = lagMs(this.samples, replayed, now) <= this.settings.maxLagMs;
      }),
    );
    // Positions every replica has replayed are no longer needed to measure a lag.
    const slowest = this.replicas.reduce((min, r) => (r.replayed < min ? r.replayed : min), this.samples.at(-1)?.lsn ?? 0n);
    while (this.samples.length > 1 && this.samples[1]!.lsn <= slowest) this.samples.shift();
  }

  /** The replica's replay position, or null when it does not answer or is not a replica (any more). */
  private async replayed(replica: Replica): Promise<bigint | null> {
    try {
      const { rows } = await replica.health.query<{ recovery: boolean; lsn: string | null }>("SELECT pg_is_in_recovery() AS recovery, pg_last_wal_replay_lsn()::text AS lsn");
      return rows[0]?.recovery ? parseLsn(rows[0].lsn) : null;
    } catch {
      return null;
    }
  }

  /** A healthy replica that has replayed `minLsn` (waiting up to CAUGHT_UP_WAIT_MS for one), or null: read the primary. */
  async pick(minLsn: bigint | null): Promise<Db | null> {
    const healthy = this.replicas.filter((r) => r.healthy);
    if (!healthy.length) return null;
    const order = healthy.map((_, i) => healthy[(this.turn + i) % healthy.length]!);
    this.turn = (this.turn + 1) % healthy.length;
    if (minLsn === null) return order[0]!.db;
    const deadline = Date.now() + CAUGHT_UP_WAIT_MS;
    for (;;) {
      const ready = order.find((r) => r.replayed >= minLsn);
      if (ready) return ready.db;
      if (Date.now() >= deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, CAUGHT_UP_POLL_MS));
      await Promise.all(order.map(async (r) => (r.replayed = (await this.replayed(r)) ?? r.replayed)));
    }
  }

  /** After a failed read: whether the replica still answers; if not, it is out until the health loop puts it back. */
  async stillUp(db: Db): Promise<boolean> {
    const replica = this.replicas.find((r) => r.db === db);
    if (!replica) return true;
    const up = (await this.replayed(replica)) !== null;
    if (!up) replica.healthy = false;
    return up;
  }
}

const globalReplicas = globalThis as unknown as { readReplicas?: ReadReplicas | null };

/** The process's replicas (DATABASE_REPLICA_URLS), or null when it reads the primary only. */
export function readReplicas(): ReadReplicas | null {
  if (globalReplicas.readReplicas === undefined) {
    const { DATABASE_REPLICA_URLS, DATABASE_REPLICA_MAX_LAG_MS, DATABASE_REPLICA_CHECK_MS } = env();
    globalReplicas.readReplicas = DATABASE_REPLICA_URLS.length
      ? new ReadReplicas(getDb(), DATABASE_REPLICA_URLS, { maxLagMs: DATABASE_REPLICA_MAX_LAG_MS, checkMs: DATABASE_REPLICA_CHECK_MS })
      : null;
  }
  return globalReplicas.readReplicas;
}

/**
 * `read` on a replica when one may answer it, else on the primary: a call in
 * a transaction, a process without replicas, none healthy, or none caught up
 * with the caller's last write. A replica that stops answering during the
 * read is taken out and the read is made again on the primary.
 */
export async function readDb<T>(ctx: ReadContext, read: (db: Db) => Promise<T>): Promise<T> {
  if (isTransactionDb(ctx.db)) return read(ctx.db);
  const replicas = readReplicas();
  if (!replicas) return read(ctx.db);
  await replicas.start();
  const replica = await replicas.pick(parseLsn(ctx.request?.minLsn));
  if (!replica) return read(ctx.db);
  try {
    return await read(replica);
  } catch (error) {
    if (error instanceof AppError || (await replicas.stillUp(replica))) throw error;
    return read(ctx.db);
  }
}

/** The primary's WAL position after a write, for the caller's next reads; null without replicas (nothing to carry). */
export async function writePosition(db: Db = getDb()): Promise<string | null> {
  if (!readReplicas() || isTransactionDb(db)) return null;
  // The insert position, not the write position: with asynchronous commit the commit record may not be written yet.
  const { rows } = await poolOf(db).query<{ lsn: string }>("SELECT pg_current_wal_insert_lsn()::text AS lsn");
  return rows[0]?.lsn ?? null;
}

/** The write position a request carries: its `X-Min-LSN` header, else the dashboard's cookie. */
export function minLsnOf(headers: Headers): string | null {
  const header = headers.get(MIN_LSN_HEADER);
  if (header) return header;
  const cookie = headers.get("cookie");
  if (!cookie) return null;
  const m = new RegExp(`(?:^|;\\s*)${MIN_LSN_COOKIE}=([0-9A-Fa-f]+%2F[0-9A-Fa-f]+|[0-9A-Fa-f]+/[0-9A-Fa-f]+)`).exec(cookie);
  return m ? decodeURIComponent(m[1]!) : null;
}

/** The cookie that carries a write position to the dashboard's next reads (a minute: long past any replica lag we keep). */
export function minLsnCookie(lsn: string): string {
  return `${MIN_LSN_COOKIE}=${encodeURIComponent(lsn)}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;
}
