// The compiled runtime (scripts/build-runtime.ts bundles each entry into dist/<name>.mjs): where each entry's
// file is, and whether this process runs compiled. Plain JavaScript: `npm start`'s launcher (scripts/launch.mjs)
// reads it before anything is compiled. Types in compiled-runtime.d.mts.
import path from "node:path";

/** Where the compiled runtime goes. */
export const DIST_DIR = path.resolve("dist");

/** Each compiled entry of the runtime and its TypeScript source. */
export const RUNTIME_ENTRIES = {
  start: "scripts/start.ts",
  serve: "scripts/serve.ts",
  worker: "scripts/worker.ts",
  "extract-worker": "src/server/training/extraction/extract-worker.ts",
  // The thread that reads crawled pages (src/server/training/crawler/page-pool.ts).
  "page-worker": "src/server/training/crawler/page-worker.ts",
  // What `serve` answers ahead of Next (the visitor's live stream, documented /v1 routes); its own bundle, loaded once Next is prepared.
  "front-handlers": "src/server/transport/front-handlers.ts",
};

export const compiledFile = (name) => path.join(DIST_DIR, `${name}.mjs`);

/** Whether this process runs the compiled runtime (the bundle's banner sets the flag, scripts/build-runtime.ts). */
export const runningCompiled = () => globalThis.__compiledRuntime === true;
