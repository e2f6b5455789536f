/**
 * Cleanups that run after every test of the file, newest first. Vitest ignores an `afterAll` registered while a
 * `beforeAll` runs (where test files create their databases and servers), so helpers register here instead, and
 * tests/setup/per-file.ts, which vitest runs before each file even when files share their modules, runs them
 * after the file's own `afterAll` hooks.
 */
const cleanups: Array<() => Promise<unknown> | unknown> = [];

export async function runCleanups(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

export function onCleanup(cleanup: () => Promise<unknown> | unknown) {
  cleanups.push(cleanup);
}
