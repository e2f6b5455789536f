/**
 * Entry of the extraction threads (extract-pool.ts). The server runs its
 * TypeScript through tsx, which a worker thread does not inherit (Node 20):
 * register it in this thread, then load the task.
 */
import { register } from "tsx/esm/api";

register();
const { extractFileText } = await import("./extract-file.ts");

export default extractFileText;
