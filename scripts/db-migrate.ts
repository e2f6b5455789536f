/** `npm run db:migrate`: apply prisma/migrations to the configured (or embedded) database. */
import { openDatabase } from "@/server/kernel/db/bootstrap";
import { migrate } from "@/server/kernel/db/migrate";

const database = await openDatabase();
try {
  const result = await migrate(database.url, { log: (m) => console.log(m) });
  console.log(`${result.applied.length} migration(s) applied, ${result.skipped.length} already up to date.`);
} finally {
  await database.stop();
}
