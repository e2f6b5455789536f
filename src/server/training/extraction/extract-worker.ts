/** Entry of the extraction threads (extract-pool.ts) in the compiled runtime (dist/extract-worker.mjs). */
export { extractFileText as default } from "./extract-file";
