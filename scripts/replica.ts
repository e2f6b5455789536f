/**
 * `npm run replica`: a PostgreSQL primary and a streaming replica of it on this machine, for trying reads
 * from replicas (docs/operations.md, docs/decisions/126-reads-from-replicas.md). Needs Debian's PostgreSQL
 * server (`apt-get install postgresql-15`, or any later NN; `--bin` to choose), since the embedded server
 * cannot make a replica. Data in .data/replica (kept: a second run starts the same two servers again);
 * prints both URLs and the `npm start` line, runs until stopped (Ctrl-C).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { installedPostgresBin, startSystemPostgres } from "./lib/system-postgres";

const { values } = parseArgs({
  options: {
    bin: { type: "string" },
    "primary-port": { type: "string", default: "55432" },
    "replica-port": { type: "string", default: "55433" },
    dir: { type: "string", default: ".data/replica" },
  },
});
const bin = values.bin ?? installedPostgresBin();
if (!bin) {
  console.error("No installed PostgreSQL server with pg_basebackup: apt-get install postgresql-15 (or pass --bin /usr/lib/postgresql/NN/bin)");
  process.exit(2);
}
const DATABASE = "acp";
const dir = path.resolve(values.dir);

const primary = await startSystemPostgres({ bin, dataDir: path.join(dir, "primary"), port: Number(values["primary-port"]) });
const admin = new pg.Client({ connectionString: primary.url() });
await admin.connect();
if (!(await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [DATABASE])).rowCount) await admin.query(`CREATE DATABASE ${DATABASE}`);
await admin.end();
// The copy is made once, of the whole server (the database above included), and streams from then on.
const replica = await startSystemPostgres({ bin, dataDir: path.join(dir, "replica"), port: Number(values["replica-port"]), replicaOf: { port: primary.port } });

console.log(`PostgreSQL ${path.basename(path.dirname(bin))}: a primary and a streaming replica (data in ${dir})
  primary  ${primary.url(DATABASE)}
  replica  ${replica.url(DATABASE)}
Start the app on both (migrations and demo data go to the primary; analytics, lists and reports are read on the replica):
  DATABASE_URL=${primary.url(DATABASE)} DATABASE_REPLICA_URLS=${replica.url(DATABASE)} npm start
See the replica's reads:
  psql ${replica.url(DATABASE)} -c "SELECT application_name, state, query FROM pg_stat_activity WHERE application_name = 'acp-read'"
Ctrl-C stops both servers.`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await replica.stop().catch((e: Error) => console.error(e.message));
  await primary.stop().catch((e: Error) => console.error(e.message));
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
setInterval(() => undefined, 1 << 30);
