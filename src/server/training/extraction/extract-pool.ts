import path from "node:path";
import { HALF_THE_CORES } from "@/server/kernel/env";
import { movableBuffer, threadLimitReason, threadPool } from "@/server/kernel/lib/thread-pool";
import { AppError, validationError } from "@/server/kernel/errors";
import type { FileText, FileToExtract } from "./extract-file";

/**
 * Where uploaded files are read (PDF, DOCX, TXT, MD, HTML): worker threads,
 * so that parsing a 10 MB document never holds up the server's event loop
 * for the other requests (docs/decisions/046-uploads-off-the-event-loop.md). One thread per two cores (the server
 * keeps the rest), started on the first upload and stopped after a minute
 * idle (kernel/lib/thread-pool.ts); each with its own heap bound and a time
 * limit per file (docs/decisions/046-uploads-off-the-event-loop.md).
 */

/** Files waiting for a thread; each holds its bytes (≤ 10 MB), so the queue is bounded and the rest get a 503. */
const MAX_WAITING = 16;
const TIME_LIMIT_MS = 60_000;

const pool = () =>
  threadPool<FileToExtract, FileText>({
    compiled: "extract-worker",
    dev: () => path.join(process.cwd(), "src/server/training/extraction/extract-worker-dev.mjs"),
    maxThreads: HALF_THE_CORES,
    maxQueue: MAX_WAITING,
    heapMb: 768,
    // A small young generation: a 10 MB text is tens of thousands of short strings, and collecting them
    // early keeps the thread ~20 MB smaller (measured: +40 MB instead of +62 MB), at no measurable cost.
    youngGenerationMb: 4,
  });

const busy = () => new AppError("SERVICE_UNAVAILABLE", "Too many files are being read at the moment; retry shortly.", { headers: { "Retry-After": "5" } });

/**
 * The file's title and text, read on an extraction thread; a file that cannot
 * be read (broken, a zip bomb, no text, too slow, too much memory) is a 422
 * naming `file`. The bytes are moved to the thread, not copied: the caller
 * gives them up (a small file in Node's shared Buffer pool is copied instead).
 */
export async function extractInPool(file: FileToExtract): Promise<{ title: string; text: string }> {
  const threads = pool();
  if (threads.queueSize >= MAX_WAITING) throw busy();
  let result: FileText;
  try {
    result = await threads.run(file, { transferList: movableBuffer(file.data), signal: AbortSignal.timeout(TIME_LIMIT_MS) });
  } catch (error) {
    const limit = threadLimitReason(error);
    if (limit === "too slow") throw validationError({ file: [`The file took too long to read (more than ${TIME_LIMIT_MS / 1000} s).`] });
    if (limit === "too much memory") throw validationError({ file: ["The file needs too much memory to read."] });
    if (/queue is at limit/i.test((error as Error).message)) throw busy();
    throw error;
  }
  if ("refusal" in result) throw validationError({ file: [result.refusal] });
  return result;
}
