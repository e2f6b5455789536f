import { existsSync, mkdtempSync, rmSync, mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../src/server/kernel/db/embedded";
import { migrate } from "../../src/server/kernel/db/migrate";
import { ensureRuntimeBuilt } from "../../scripts/lib/app-server";
import { startSystemPostgres } from "../../scripts/lib/system-postgres";

/**
 * One embedded PostgreSQL for the whole run and a migrated template database;
 * every test file clones the template into its own database (tests/helpers/db.ts).
 * TEST_POSTGRES_BIN (the `contract-pg15` project sets it to Debian's PostgreSQL 15, `npm run test:pg15`; or any
 * server's `bin` folder in the environment): an installed server of that distribution instead, to run the same
 * tests on the oldest supported version (docs/decisions/126-reads-from-replicas.md).
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
  const bin = project.config.env?.TEST_POSTGRES_BIN ?? process.env.TEST_POSTGRES_BIN;
  if (bin && !existsSync(path.join(bin, "postgres"))) {
    throw new Error(`${project.name}: no PostgreSQL server at ${bin} (on Debian: apt-get install -y postgresql-15)`);
  }
  const dataDir = path.join(root, "data");
  const server = bin ? await startSystemPostgres({ bin, dataDir, ephemeral: true }) : await startEmbeddedPostgres({ dataDir, ephemeral: true });
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
