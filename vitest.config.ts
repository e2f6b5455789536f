import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname, "src") };

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
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", "tests/contract/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/postgres.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file gets its own database; two at a time suits 2 cores.
          maxWorkers: 2,
        },
      },
    ],
  },
});
