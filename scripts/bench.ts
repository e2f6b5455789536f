/**
 * `npm run bench -- <name>`: benchmarks print their figures next to a
 * baseline measured on the same machine and database. Never part of `npm test`.
 */
import { readdirSync } from "node:fs";
import path from "node:path";

const dir = path.resolve(import.meta.dirname, "bench");
const available = readdirSync(dir).filter((f) => f.endsWith(".ts")).map((f) => f.replace(/\.ts$/, "")).sort();
const name = process.argv[2];

if (!name || !available.includes(name)) {
  console.error(`usage: npm run bench -- <${available.join("|")}>`);
  process.exit(name ? 2 : 0);
}
await import(path.join(dir, `${name}.ts`));
