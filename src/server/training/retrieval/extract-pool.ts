import { compiledFile, runningCompiled } from "../../../../scripts/lib/freshness.mjs";
import path from "node:path";
import { Piscina } from "piscina";
import { HALF_THE_CORES } from "@/server/kernel/env";
import { AppError, validationError } from "@/server/kernel/errors";
import type { FileText, FileToExtract } from "./extract-file";

/**
 * Where uploaded files are read (PDF, DOCX, TXT, MD, HTML): worker threads,
 * so that parsing a 10 MB document never holds up the server's event loop
 * for the other requests (issue 20). One thread per two cores (the server
 * keeps the rest), started on the first upload and stopped after a minute
 * idle; each with its own heap bound and a time limit per file
 * (docs/decisions/046-uploads-off-the-event-loop.md).
 */

/**
 * The thread's entry, resolved at run time (Next's build does not bundle it): the compiled one
 * (scripts/build-runtime.ts) when the server runs compiled, else the TypeScript one through tsx.
 */
const workerFile = () =>
  runningCompiled() ? compiledFile("extract-worker") : path.join(process.cwd(), "src/server/training/retrieval/extract-worker-dev.mjs");
const THREADS = HALF_THE_CORES;
/** Files waiting for a thread; each holds its bytes (≤ 10 MB), so the queue is bounded and the rest get a 503. */
const MAX_WAITING = 16;
const TIME_LIMIT_MS = 60_000;
const HEAP_LIMIT_MB = 768;

// On globalThis: Next instantiates a module once per bundle layer, and one pool per process is the point.
const holder = globalThis as unknown as { extractPool?: Piscina<FileToExtract, FileText> };

function pool(): Piscina<FileToExtract, FileText> {
  holder.extractPool ??= new Piscina<FileToExtract, FileText>({
    filename: workerFile(),
    minThreads: 0,
    maxThreads: THREADS,
    idleTimeout: 60_000,
    maxQueue: MAX_WAITING,
    // The server's own flags (`--import tsx`, `--cpu-prof`) are not for the threads: the worker file registers tsx.
    execArgv: [],
    // A small young generation: a 10 MB text is tens of thousands of short strings, and collecting them
    // early keeps the thread ~20 MB smaller (measured: +40 MB instead of +62 MB), at no measurable cost.
    resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB, maxYoungGenerationSizeMb: 4 },
  });
  return holder.extractPool;
}

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
  const movable = file.data.buffer instanceof ArrayBuffer && file.data.buffer.byteLength > Buffer.poolSize;
  let result: FileText;
  try {
    result = await threads.run(file, { transferList: movable ? [file.data.buffer as ArrayBuffer] : [], signal: AbortSignal.timeout(TIME_LIMIT_MS) });
  } catch (error) {
    const err = error as Error & { code?: string };
    if (err.name === "AbortError" || err.name === "TimeoutError") throw validationError({ file: [`The file took too long to read (more than ${TIME_LIMIT_MS / 1000} s).`] });
    if (err.code === "ERR_WORKER_OUT_OF_MEMORY") throw validationError({ file: ["The file needs too much memory to read."] });
    if (/queue is at limit/i.test(err.message)) throw busy();
    throw error;
  }
  if ("refusal" in result) throw validationError({ file: [result.refusal] });
  return result;
}
