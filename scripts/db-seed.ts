/** `npm run db:seed`: the demo data of the first start, on demand (on an empty database). */
import { openDatabase } from "@/server/kernel/db/bootstrap";
import { createPrismaClient } from "@/server/kernel/db/client";
import { migrate } from "@/server/kernel/db/migrate";
import { DEMO_OWNER, isDatabaseEmpty, seedDemoData } from "@/server/demo/seed";

const database = await openDatabase();
const db = createPrismaClient(database.url);
try {
  await migrate(database.url);
  if (!(await isDatabaseEmpty(db))) {
    console.log("The database already has data; demo data is only added to an empty database.");
  } else {
    const t0 = Date.now();
    await seedDemoData(db);
    console.log(`Demo data created in ${((Date.now() - t0) / 1000).toFixed(1)} s. Login: ${DEMO_OWNER.email} / ${DEMO_OWNER.password}`);
  }
} finally {
  await db.$disconnect();
  await database.stop();
}
