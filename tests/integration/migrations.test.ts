import pg from "pg";
import { describe, expect, it } from "vitest";
import { listMigrations, migrate } from "@/server/kernel/db/migrate";
import { createEmptyDatabase } from "../helpers/db";

async function query<T extends pg.QueryResultRow>(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe("migration runner", () => {
  it("applies every migration once and records it in Prisma's history table", async () => {
    const { url } = await createEmptyDatabase();
    const all = listMigrations().map((m) => m.name);
    expect(all.length).toBeGreaterThan(0);

    expect(await migrate(url)).toEqual({ applied: all, skipped: [] });
    expect(await migrate(url)).toEqual({ applied: [], skipped: all });

    const history = await query<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number }>(
      url,
      `SELECT migration_name, checksum, finished_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name`,
    );
    expect(history.map((h) => h.migration_name)).toEqual(all);
    for (const h of history) {
      expect(h.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(h.finished_at).toBeInstanceOf(Date);
    }
  });

  it("applies each migration exactly once when several processes start together", async () => {
    const { url } = await createEmptyDatabase();
    const results = await Promise.all([migrate(url), migrate(url), migrate(url)]);
    const applied = results.flatMap((r) => r.applied);
    expect(applied.sort()).toEqual(listMigrations().map((m) => m.name).sort());
    const rows = await query<{ count: number }>(url, `SELECT count(*)::int AS count FROM _prisma_migrations`);
    expect(rows[0]?.count).toBe(listMigrations().length);
  });

  it("rolls a failing migration back and leaves no trace of it", async () => {
    const { url } = await createEmptyDatabase();
    const { mkdtempSync, mkdirSync, writeFileSync } = await import("node:fs");
    const dir = mkdtempSync("/tmp/migrations-");
    mkdirSync(`${dir}/001_ok`);
    writeFileSync(`${dir}/001_ok/migration.sql`, `CREATE TABLE a (id int);`);
    mkdirSync(`${dir}/002_bad`);
    writeFileSync(`${dir}/002_bad/migration.sql`, `CREATE TABLE b (id int); SELECT no_such_function();`);
    await expect(migrate(url, { dir, queue: false })).rejects.toThrow(/002_bad failed/);
    const tables = await query<{ table_name: string }>(url, `SELECT table_name FROM information_schema.tables WHERE table_schema='public' ORDER BY 1`);
    expect(tables.map((t) => t.table_name)).toEqual(["_prisma_migrations", "a"]);
  });

  it("refuses to start when an applied migration was edited, naming it, and applies nothing after it", async () => {
    const { url } = await createEmptyDatabase();
    const { mkdtempSync, mkdirSync, writeFileSync } = await import("node:fs");
    const dir = mkdtempSync("/tmp/migrations-");
    mkdirSync(`${dir}/001_first`);
    writeFileSync(`${dir}/001_first/migration.sql`, `CREATE TABLE a (id int);`);
    expect(await migrate(url, { dir, queue: false })).toEqual({ applied: ["001_first"], skipped: [] });

    writeFileSync(`${dir}/001_first/migration.sql`, `CREATE TABLE a (id bigint);`);
    mkdirSync(`${dir}/002_second`);
    writeFileSync(`${dir}/002_second/migration.sql`, `CREATE TABLE b (id int);`);
    await expect(migrate(url, { dir, queue: false })).rejects.toThrow(/Migration 001_first was changed after it was applied/);
    const tables = await query<{ table_name: string }>(url, `SELECT table_name FROM information_schema.tables WHERE table_schema='public' ORDER BY 1`);
    expect(tables.map((t) => t.table_name)).toEqual(["_prisma_migrations", "a"]);

    // Restoring the applied file lets the start go on.
    writeFileSync(`${dir}/001_first/migration.sql`, `CREATE TABLE a (id int);`);
    expect(await migrate(url, { dir, queue: false })).toEqual({ applied: ["002_second"], skipped: ["001_first"] });
  });
});
