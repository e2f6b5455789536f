// The CLI reads this file before it looks for engines: with no schema engine
// binary available offline, point it at an existing file so `prisma generate`
// (which does not need it) runs. Migrations go through scripts/db-migrate.ts.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= "/bin/false";

import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/placeholder" },
});
