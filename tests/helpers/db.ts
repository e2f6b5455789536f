import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { createPrismaClient, type Db } from "@/server/db/client";
import { onCleanup } from "./cleanup";

export interface TestDatabase {
  name: string;
  url: string;
  db: Db;
}

function urlFor(database: string): string {
  const url = new URL(inject("pgAdminUrl"));
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject("pgAdminUrl") });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database cloned from the migrated template, dropped after the file.
 * Refuses anything but the embedded test server (never a real database).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = new URL(inject("pgAdminUrl"));
  if (adminUrl.hostname !== "127.0.0.1") throw new Error("tests only run against the local embedded PostgreSQL");
  const name = `t_${randomBytes(6).toString("hex")}`;
  await admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${inject("pgTemplate")}`));
  const url = urlFor(name);
  const db = createPrismaClient(url);
  onCleanup(async () => {
    await db.$disconnect();
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });
  return { name, url, db };
}

/** An empty database (not migrated), for migration runner tests. */
export async function createEmptyDatabase(): Promise<{ url: string }> {
  const name = `e_${randomBytes(6).toString("hex")}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  onCleanup(() => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
  return { url: urlFor(name) };
}
