import { describe, expect, it } from "vitest";
import { movableBuffer, threadLimitReason } from "./thread-pool";

describe("movableBuffer", () => {
  it("moves bytes that are all of their buffer, never a view that shares one", () => {
    const own = new Uint8Array(1024);
    expect(movableBuffer(own)).toEqual([own.buffer]);
    expect(movableBuffer(Buffer.from("small"))).toEqual([]); // in Node's shared pool
    expect(movableBuffer(own.subarray(16))).toEqual([]);
    expect(movableBuffer(own.subarray(0, 512))).toEqual([]);
  });
});

describe("threadLimitReason", () => {
  it("names the thread's limits, and nothing else", () => {
    expect(threadLimitReason(Object.assign(new Error("aborted"), { name: "AbortError" }))).toBe("too slow");
    expect(threadLimitReason(Object.assign(new Error("timed out"), { name: "TimeoutError" }))).toBe("too slow");
    expect(threadLimitReason(Object.assign(new Error("oom"), { code: "ERR_WORKER_OUT_OF_MEMORY" }))).toBe("too much memory");
    expect(threadLimitReason(new Error("broken page"))).toBeNull();
  });
});
