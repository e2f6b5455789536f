import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient, type Prisma } from "@/generated/prisma/client";
import { requireDatabaseUrl } from "@/server/kernel/env";
import { poolTypes } from "@/server/kernel/db/pg-types";

export type Db = PrismaClient;
/** The client inside `db.$transaction(async (tx) => ...)`. */
export type Tx = Prisma.TransactionClient;

// On globalThis like the client itself (getDb): Next instantiates this module once per bundle layer
// (route handlers, server components), and a client created in one layer is used in the others.
const globalPools = globalThis as unknown as { prismaPools?: WeakMap<PrismaClient, pg.Pool> };
const pools = (globalPools.prismaPools ??= new WeakMap<PrismaClient, pg.Pool>());

/**
 * Every interactive transaction's limits (Prisma's defaults are 2 s to get a
 * connection and 5 s in all). Transactions that lock a hot row (a workspace's
 * credits: top-ups, resets, answers with a lead) queue behind each other, and
 * on a busy machine 20 top-ups of one workspace took longer than 5 s together:
 * a top-up must not fail, nor a transaction be cut during its COMMIT (which
 * with @prisma/adapter-pg can hand one pg connection to two transactions,
 * prisma/orm#29952), just because the machine is busy. A transaction that
 * really hangs still ends, after 30 s.
 */
export const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 30_000 } as const;

/** One connection pool per database, shared by Prisma and the few hot paths that speak SQL directly. */
export function createPrismaClient(connectionString: string, options: { omit?: Prisma.GlobalOmitConfig; applicationName?: string } = {}): PrismaClient {
  // `types`: our statements' timestamps read digit by digit (pg-types.ts); Prisma's adapter brings its own parsers.
  // `application_name`: what pg_stat_activity shows (the replicas' read clients name themselves, replicas.ts).
  const pool = new pg.Pool({ connectionString, max: 10, types: poolTypes, ...(options.applicationName ? { application_name: options.applicationName } : {}) });
  pool.on("error", () => undefined); // an idle connection dropped by the server: the pool replaces it
  // `omit`: columns the database does not have yet (tests on a database migrated only part of the way).
  const client = new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions: TRANSACTION_OPTIONS, ...(options.omit ? { omit: options.omit } : {}) }) as PrismaClient;
  pools.set(client, pool);
  return client;
}

/** The pg pool behind a Prisma client, for single-statement hot paths (see workspaces/credits.ts). */
export function poolOf(db: PrismaClient): pg.Pool {
  const pool = pools.get(db);
  if (!pool) {
    if (transactionsAsDb.has(db)) throw new Error("This Db is one transaction (transactionAsDb): a statement on the pool would escape it; use the Prisma client");
    throw new Error("This Prisma client was not created by createPrismaClient");
  }
  return pool;
}

const transactionsAsDb = new WeakSet<object>();

/**
 * An interactive transaction's client handed to services as their `Db`, so
 * that everything they write commits or rolls back with the caller's
 * transaction: their own `db.$transaction(fn)` nests in it (Prisma 7 makes a
 * savepoint). The pg pool is out of its reach (`poolOf` throws), since a
 * statement there would run outside the transaction. Used for idempotent
 * requests (kernel/http/idempotency.ts).
 *
 * A nested `$transaction` is called without the caller's options: Prisma
 * 7.10 writes the nested transaction's id into the options object it is given
 * and reuses it on later calls with the same object (prisma/orm#30367), and
 * our services pass one shared constant (`TX`), so a later top-level
 * transaction would fail (P2028) or join another request's open one. A
 * savepoint has no limits of its own anyway: the outer transaction's apply.
 */
export function transactionAsDb(tx: Tx): Db {
  const nested = (arg: unknown) =>
    typeof arg === "function"
      ? tx.$transaction((inner) => (arg as (db: Db) => Promise<unknown>)(transactionAsDb(inner)))
      : tx.$transaction(arg as Parameters<Tx["$transaction"]>[0]);
  const db = new Proxy(tx, { get: (target, prop) => (prop === "$transaction" ? nested : Reflect.get(target, prop)) });
  transactionsAsDb.add(db);
  return db as unknown as Db;
}

/** Whether `db` is one transaction (transactionAsDb): what it writes commits with its caller's change. */
export function isTransactionDb(db: object): boolean {
  return transactionsAsDb.has(db);
}

/** `fn` on one pooled connection inside BEGIN … COMMIT (ROLLBACK when it throws). */
export async function inTransaction<T>(db: Db, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await poolOf(db).connect();
  try {
    await client.query("BEGIN");
    const result = await fn(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

/** Created on first use so that `next build` needs no database. */
export function getDb(): PrismaClient {
  globalForPrisma.prisma ??= createPrismaClient(requireDatabaseUrl());
  return globalForPrisma.prisma;
}
