import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import type pg from "pg";
import { withJobNames } from "@/server/kernel/jobs/registry";

/**
 * The current-state SQL files (docs/architecture.md, "Data access"): every
 * plpgsql function and trigger lives in one file beside its capability,
 * `src/server/<capability>/sql/*.sql`, written with CREATE OR REPLACE (the
 * kernel's shared ones in `src/server/kernel/sql/`). The
 * migration runner re-applies them all after the migrations, in one
 * transaction, so the files are what the database runs; migrations keep the
 * tables (and drop a function or trigger that goes away).
 */
export const SERVER_DIR = path.resolve(process.cwd(), "src/server");

export function listCurrentStateFiles(root = SERVER_DIR): { file: string; sql: string }[] {
  const files: { file: string; sql: string; kernel: boolean }[] = [];
  for (const capability of readdirSync(root, { withFileTypes: true })) {
    const dir = path.join(root, capability.name, "sql");
    if (!capability.isDirectory() || !existsSync(dir)) continue;
    for (const name of readdirSync(dir).filter((n) => n.endsWith(".sql")).sort()) {
      const file = path.join(dir, name);
      files.push({ file: path.relative(process.cwd(), file), sql: withJobNames(readFileSync(file, "utf8"), file), kernel: capability.name === "kernel" });
    }
  }
  // The kernel's files first: capabilities' triggers use its shared functions
  // (CREATE TRIGGER needs its function to exist), then the rest by path.
  return files
    .sort((a, b) => Number(b.kernel) - Number(a.kernel) || a.file.localeCompare(b.file))
    .map(({ file, sql }) => ({ file, sql }));
}

/** Applies every current-state file on `client` (the caller holds the migration lock). */
export async function applyCurrentState(client: pg.Client, root = SERVER_DIR): Promise<number> {
  const files = listCurrentStateFiles(root);
  await client.query("BEGIN");
  try {
    // Bodies refer to functions of other files: they are checked when they run, not in file order.
    await client.query("SET LOCAL check_function_bodies = off");
    for (const { file, sql } of files) {
      try {
        await client.query(sql);
      } catch (error) {
        throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
      }
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  }
  return files.length;
}
