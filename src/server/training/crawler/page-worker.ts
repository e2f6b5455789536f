/** Entry of the page-reading thread (page-pool.ts) in the compiled runtime (dist/page-worker.mjs). */
export { readPage as default } from "./page-reading";
