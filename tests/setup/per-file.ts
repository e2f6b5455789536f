import { afterAll } from "vitest";
import { forgetEnv } from "@/server/kernel/env";
import { runCleanups } from "../helpers/cleanup";

/**
 * Runs before each database test file. The files of one worker share their modules (vitest's `isolate: false`,
 * vitest.config.ts): a module is imported once per worker, not once per file. So what a file leaves behind is
 * undone here, after its own `afterAll` hooks: its cleanups (databases, servers, stand-ins; tests/helpers/cleanup.ts),
 * then the environment as the file found it, read anew by the next file's first `env()`.
 */
const before = { ...process.env };
forgetEnv();

afterAll(async () => {
  await runCleanups();
  for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name];
  Object.assign(process.env, before);
  forgetEnv();
});
