/**
 * Entry of the page-reading thread (page-pool.ts) when the code runs as
 * TypeScript (`npm run dev`, the tests): tsx, which a worker thread does not
 * inherit (Node 20), is registered in this thread, then the task loaded. The
 * compiled runtime starts dist/page-worker.mjs instead.
 */
import { register } from "tsx/esm/api";

register();
const { readPage } = await import("./page-reading.ts");

export default readPage;
