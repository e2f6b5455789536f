/** `npm run worker`: background workers only, for running more of them beside the app (docs/decisions/037-scale-out.md). */
import { openDatabase } from "@/server/kernel/db/bootstrap";
import { migrate } from "@/server/kernel/db/migrate";
import { loadTokenCounter } from "@/server/training";
import { startWorkers, workersShuttingDown } from "@/server/transport/workers";

const database = await openDatabase();
await migrate(database.url);
const runner = await startWorkers(database.url);
// Chunking's tokenizer takes ~1 s to load, once per process: now, rather than in front of the first crawl.
await loadTokenCounter();
console.log("[worker] running; Ctrl-C to stop");
const stop = async () => {
  workersShuttingDown();
  await runner.stop().catch(() => undefined);
  await database.stop();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
await runner.promise;
