import { mkdtempSync, rmSync, mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../src/server/kernel/db/embedded";
import { migrate } from "../../src/server/kernel/db/migrate";
import { ensureRuntimeBuilt } from "../../scripts/lib/app-server";

/**
 * One embedded PostgreSQL for the whole run and a migrated template database;
 * every test file clones the template into its own database (tests/helpers/db.ts).
 */
export const TEMPLATE_DB = "acp_template";

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  // Tests start the compiled runtime (dist/, as `npm start` does): built here, once, when the sources changed.
  ensureRuntimeBuilt();
  mkdirSync(path.resolve(".data/test"), { recursive: true });
  const root = mkdtempSync(path.resolve(".data/test/pg-"));
  const server = await startEmbeddedPostgres({ dataDir: path.join(root, "data"), ephemeral: true });
  const admin = new pg.Client({ connectionString: server.url() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  await migrate(server.url(TEMPLATE_DB));
  project.provide("pgAdminUrl", server.url());
  project.provide("pgTemplate", TEMPLATE_DB);
  return async () => {
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  };
}
