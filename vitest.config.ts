import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname, "src") };

/** Debian's PostgreSQL 15, the oldest supported server: the contract tests run on it too (`.ci/run` installs it). */
export const PG15_BIN = "/usr/lib/postgresql/15/bin";
/**
 * Database test files at a time (each has its own database and most start the production server): two suit 2
 * cores; `npm test` asks for three (TEST_DB_WORKERS), as its files also wait on servers, workers and timers.
 */
const DB_WORKERS = Number(process.env.TEST_DB_WORKERS ?? 2);

/**
 * The test files of one worker share their modules (imported once per worker instead of once per file: the
 * server's modules took about 3 s a database file to import; the unit files spent 80 CPU-s in all, 31 shared);
 * tests/setup/per-file.ts undoes what each file leaves behind.
 */
const sharedModules = { isolate: false, setupFiles: ["tests/setup/per-file.ts"] };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["src/**/*.test.ts"],
          environment: "node",
          ...sharedModules,
          // `npm test` runs these beside the type check, the linter and the build on 2 cores: vitest's 5 s default
          // was passed by a test that takes a second alone. A timeout here is a hang guard, not a speed check.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", "tests/contract/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/postgres.ts"],
          ...sharedModules,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: DB_WORKERS,
        },
      },
      {
        // The same contract tests against PostgreSQL 15 (tests/setup/postgres.ts starts it for this project).
        // `npm test` runs this project in the same run as the one above, so both share one pool of workers.
        resolve: { alias },
        test: {
          name: "contract-pg15",
          include: ["tests/contract/**/*.test.ts"],
          // These two start servers of their own whatever the run's server is (the embedded one to stop and
          // restart, a primary and a streaming replica from the newest installed PostgreSQL): on this
          // project they would only run again exactly as in the one above.
          exclude: ["tests/contract/database-outage.test.ts", "tests/contract/replicas.test.ts"],
          environment: "node",
          env: { TEST_POSTGRES_BIN: PG15_BIN },
          globalSetup: ["tests/setup/postgres.ts"],
          ...sharedModules,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: DB_WORKERS,
        },
      },
    ],
  },
});
