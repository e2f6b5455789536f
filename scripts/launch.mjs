// `npm start` (and `npm run worker`): builds when the sources are newer than the build (`npm run build`: the compiled runtime, then
// Next), then runs the compiled supervisor, dist/start.mjs (docs/decisions/040-running-the-app.md). Plain
// JavaScript: nothing of TypeScript is loaded at run time.
import { spawnSync } from "node:child_process";
import { compiledFile } from "../src/server/kernel/lib/compiled-runtime.mjs";
import { buildIsFresh, runtimeIsFresh } from "./lib/freshness.mjs";

// `npm run worker` (`--worker`): the stand-alone workers need the compiled runtime only.
const worker = process.argv.includes("--worker");
if (worker ? !runtimeIsFresh() : !buildIsFresh()) {
  const command = worker ? ["exec", "--", "tsx", "scripts/build-runtime.ts"] : ["run", "build"];
  console.log(`[start] building (npm ${command.join(" ")})…`);
  const build = spawnSync("npm", command, { stdio: "inherit", env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" } });
  if (build.status !== 0) {
    console.error("[start] the build failed");
    process.exit(build.status ?? 1);
  }
}
await import(compiledFile(worker ? "worker" : "start"));
