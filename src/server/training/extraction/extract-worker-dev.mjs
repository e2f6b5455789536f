/**
 * Entry of the extraction threads (extract-pool.ts) when the code runs as
 * TypeScript (`npm run dev`, the unit tests): tsx, which a worker thread does
 * not inherit (Node 20), is registered in this thread, then the task loaded.
 * The compiled runtime starts dist/extract-worker.mjs instead.
 */
import { register } from "tsx/esm/api";

register();
const { extractFileText } = await import("./extract-file.ts");

export default extractFileText;
