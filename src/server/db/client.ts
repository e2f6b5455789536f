import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";
import { requireDatabaseUrl } from "@/server/env";

export type Db = PrismaClient;

export function createPrismaClient(connectionString: string): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max: 10 }) });
}

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

/** Created on first use so that `next build` needs no database. */
export function getDb(): PrismaClient {
  globalForPrisma.prisma ??= createPrismaClient(requireDatabaseUrl());
  return globalForPrisma.prisma;
}
