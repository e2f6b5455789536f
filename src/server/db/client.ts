import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient, type Prisma } from "@/generated/prisma/client";
import { requireDatabaseUrl } from "@/server/env";

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
export function createPrismaClient(connectionString: string): PrismaClient {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on("error", () => undefined); // an idle connection dropped by the server: the pool replaces it
  const client = new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions: TRANSACTION_OPTIONS });
  pools.set(client, pool);
  return client;
}

/** The pg pool behind a Prisma client, for single-statement hot paths (see services/credits.ts). */
export function poolOf(db: PrismaClient): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error("This Prisma client was not created by createPrismaClient");
  return pool;
}

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

/** Created on first use so that `next build` needs no database. */
export function getDb(): PrismaClient {
  globalForPrisma.prisma ??= createPrismaClient(requireDatabaseUrl());
  return globalForPrisma.prisma;
}
