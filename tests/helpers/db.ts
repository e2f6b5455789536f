import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { getDMMF } from "@prisma/get-dmmf";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { createPrismaClient, type Db } from "@/server/kernel/db/client";
import { listMigrations, migrate } from "@/server/kernel/db/migrate";
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

/**
 * The model fields whose columns a partly migrated database does not have yet, for Prisma's `omit`: the
 * current client would otherwise read them back (`RETURNING`) and fail on the older tables.
 */
async function columnsNotYetThere(url: string): Promise<Record<string, Record<string, true>>> {
  const dmmf = getDMMF({ datamodel: readFileSync("prisma/schema.prisma", "utf8") });
  if ("type" in dmmf) throw dmmf.error;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ t: string; c: string }>("SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_schema = 'public'").finally(() => client.end());
  const present = new Set(rows.map((r) => `${r.t}.${r.c}`));
  const omit: Record<string, Record<string, true>> = {};
  for (const model of dmmf.datamodel.models) {
    const table = model.dbName ?? model.name;
    if (!rows.some((r) => r.t === table)) continue;
    for (const field of model.fields) {
      if (field.kind !== "scalar" && field.kind !== "enum") continue;
      if (present.has(`${table}.${field.dbName ?? field.name}`)) continue;
      (omit[model.name[0]!.toLowerCase() + model.name.slice(1)] ??= {})[field.name] = true;
    }
  }
  return omit;
}

/**
 * A database migrated up to (not including) the migration whose name starts
 * with `before`, for a migration's backfill test: write rows the old way with
 * `db`, then `migrateRest()` runs the remaining migrations.
 */
export async function databaseBefore(before: string): Promise<{ url: string; db: Db; migrateRest: () => Promise<void> }> {
  const { url } = await createEmptyDatabase();
  const dir = mkdtempSync(path.join(tmpdir(), "migrations-"));
  onCleanup(async () => rmSync(dir, { recursive: true, force: true }));
  for (const m of listMigrations().filter((m) => m.name < before)) {
    mkdirSync(path.join(dir, m.name));
    writeFileSync(path.join(dir, m.name, "migration.sql"), m.sql);
  }
  await migrate(url, { dir });
  const db = createPrismaClient(url, { omit: await columnsNotYetThere(url) });
  onCleanup(() => db.$disconnect());
  return { url, db, migrateRest: async () => void (await migrate(url)) };
}
