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

/** One connection pool per database, shared by Prisma and the few hot paths that speak SQL directly. */
export function createPrismaClient(connectionString: string): PrismaClient {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on("error", () => undefined); // an idle connection dropped by the server: the pool replaces it
  const client = new PrismaClient({ adapter: new PrismaPg(pool) });
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
