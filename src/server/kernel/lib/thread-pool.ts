import { compiledFile, runningCompiled } from "./compiled-runtime.mjs";
import { Piscina } from "piscina";

/**
 * One pool of worker threads per process for a CPU-bound task (uploads read,
 * crawled pages read): started on demand, stopped after a minute idle, each
 * thread with its own heap bound. Kept on globalThis: Next instantiates a
 * module once per bundle layer, and one pool per process is the point.
 */
export interface ThreadPoolOptions {
  /** The compiled entry's name (`dist/<name>.mjs`, scripts/build-runtime.ts). */
  compiled: Parameters<typeof compiledFile>[0];
  /**
   * The TypeScript entry's path (it registers tsx in the thread), written out by the caller as
   * `path.join(process.cwd(), "src/…")`: a literal path is what Next's build traces, not the whole project.
   */
  dev: () => string;
  maxThreads: number;
  /** Tasks waiting for a thread at most (the rest are refused); unbounded when left out. */
  maxQueue?: number;
  heapMb: number;
  youngGenerationMb?: number;
}

const holder = globalThis as unknown as { threadPools?: Map<string, Piscina> };

export function threadPool<In, Out>(options: ThreadPoolOptions): Piscina<In, Out> {
  holder.threadPools ??= new Map();
  let pool = holder.threadPools.get(options.compiled);
  if (!pool) {
    pool = new Piscina({
      // The compiled entry when this process runs compiled, else the TypeScript one through tsx.
      filename: runningCompiled() ? compiledFile(options.compiled) : options.dev(),
      minThreads: 0,
      maxThreads: options.maxThreads,
      idleTimeout: 60_000,
      ...(options.maxQueue !== undefined ? { maxQueue: options.maxQueue } : {}),
      // The process's own flags (`--import tsx`, `--cpu-prof`) are not for the threads: the dev entry registers tsx.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb, ...(options.youngGenerationMb ? { maxYoungGenerationSizeMb: options.youngGenerationMb } : {}) },
    });
    holder.threadPools.set(options.compiled, pool);
  }
  return pool as Piscina<In, Out>;
}

/**
 * What to transfer so that these bytes move to the thread instead of being copied: their buffer, when
 * they are all of it (a small Buffer shares Node's pool with others and is copied).
 */
export function movableBuffer(bytes: Uint8Array): ArrayBuffer[] {
  return bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? [bytes.buffer] : [];
}

/** Why a task failed on its thread, in words, when it was the thread's limits: too slow, or too much memory. */
export function threadLimitReason(error: unknown): "too slow" | "too much memory" | null {
  const err = error as Error & { code?: string };
  if (err.name === "AbortError" || err.name === "TimeoutError") return "too slow";
  if (err.code === "ERR_WORKER_OUT_OF_MEMORY") return "too much memory";
  return null;
}
