import { startEmbeddedPostgres } from "@/server/kernel/db/embedded";
import pg from "pg";
const srv = await startEmbeddedPostgres({ dataDir: "/work/refactor/pgping", ephemeral: true });
const pool = new pg.Pool({ connectionString: srv.url(), max: 4 });
await pool.query("select 1");
for (const size of [0, 2000, 50000]) {
  const payload = "x".repeat(size);
  const n = 3000;
  const c0 = process.cpuUsage(); const t0 = performance.now();
  for (let i = 0; i < n; i++) await pool.query("select length($1::text)", [payload]);
  const t = performance.now() - t0; const c = process.cpuUsage(c0);
  console.log(`payload ${size}: ${(t / n * 1000).toFixed(0)} µs/query wall, ${((c.user + c.system) / n).toFixed(0)} µs CPU (user ${(c.user/n).toFixed(0)} sys ${(c.system/n).toFixed(0)})`);
}
await pool.end(); await srv.stop();
