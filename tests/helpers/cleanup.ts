import { afterAll } from "vitest";

/**
 * Cleanups that run after every test of the file, newest first. Vitest
 * ignores an `afterAll` registered while a `beforeAll` runs (where test files
 * create their databases and servers), so helpers register here instead:
 * this module's own `afterAll` is registered when the test file imports it.
 */
const cleanups: Array<() => Promise<unknown> | unknown> = [];

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

export function onCleanup(cleanup: () => Promise<unknown> | unknown) {
  cleanups.push(cleanup);
}
