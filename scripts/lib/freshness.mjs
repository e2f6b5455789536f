// Whether the production build is current (plain JavaScript: `npm start`'s launcher runs before anything
// is compiled). Types in freshness.d.mts.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** Where the compiled runtime goes (scripts/build-runtime.ts). */
export const DIST_DIR = path.resolve("dist");

/** Each compiled entry of the runtime and its TypeScript source. */
export const RUNTIME_ENTRIES = {
  start: "scripts/start.ts",
  serve: "scripts/serve.ts",
  worker: "scripts/worker.ts",
  "extract-worker": "src/server/training/retrieval/extract-worker.ts",
  // The thread that reads crawled pages (src/server/training/crawler/page-pool.ts).
  "page-worker": "src/server/training/crawler/page-worker.ts",
  // What `serve` answers ahead of Next (the visitor's live stream, documented /v1 routes); its own bundle, loaded once Next is prepared.
  "front-handlers": "src/server/transport/front-handlers.ts",
};

export const compiledFile = (name) => path.join(DIST_DIR, `${name}.mjs`);
export const WIDGET_LOADER_FILE = path.join(DIST_DIR, "widget.js");
/** The visitor's chat panel script (src/widget/panel/panel.ts), served at /widget-panel.js. */
export const WIDGET_PANEL_FILE = path.join(DIST_DIR, "widget-panel.js");

function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== "generated") visit(path.join(p, entry));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  paths.forEach(visit);
  return newest;
}

const olderThanSources = (files, sources) => {
  if (!files.every((f) => existsSync(f))) return true;
  return Math.min(...files.map((f) => statSync(f).mtimeMs)) < newestMtime(sources);
};

/** Next's production build exists and is newer than every file it is built from. */
export function nextBuildIsFresh() {
  return !olderThanSources([path.resolve(".next/BUILD_ID")], ["src", "public", "next.config.mjs", "package.json", "postcss.config.mjs", "tsconfig.json"]);
}

/** The compiled runtime (dist/) exists and is newer than every file it is built from. */
export function runtimeIsFresh() {
  const files = [...Object.keys(RUNTIME_ENTRIES).map(compiledFile), WIDGET_LOADER_FILE, WIDGET_PANEL_FILE];
  return !olderThanSources(files, ["src", "scripts", "package.json", "tsconfig.json"]);
}

export const buildIsFresh = () => nextBuildIsFresh() && runtimeIsFresh();

/** Whether this process runs the compiled runtime (the bundle's banner sets the flag, scripts/build-runtime.ts). */
export const runningCompiled = () => globalThis.__compiledRuntime === true;
