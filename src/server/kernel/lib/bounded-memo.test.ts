import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { BoundedMemo } from "./bounded-memo";

describe("BoundedMemo", () => {
  it("keeps at most its limit, dropping the oldest entry for a new key", () => {
    const memo = new BoundedMemo<string, number>(3);
    memo.set("a", 1).set("b", 2).set("c", 3);
    memo.set("d", 4);
    expect([...memo.entries()]).toEqual([["b", 2], ["c", 3], ["d", 4]]);
    expect(memo.get("a")).toBeUndefined();
  });

  it("overwrites a known key in place, evicting nothing", () => {
    const memo = new BoundedMemo<string, number>(2);
    memo.set("a", 1).set("b", 2).set("a", 10);
    expect([...memo.entries()]).toEqual([["a", 10], ["b", 2]]);
  });

  it("is a Map: delete, clear and iteration as usual (owners keep their own invalidation)", () => {
    const memo = new BoundedMemo<number, string>(2);
    memo.set(1, "x").set(2, "y");
    memo.delete(1);
    memo.set(3, "z");
    expect([...memo.keys()]).toEqual([2, 3]);
    memo.clear();
    expect(memo.size).toBe(0);
    expect(memo).toBeInstanceOf(Map);
  });

  it("refuses a limit below one", () => {
    expect(() => new BoundedMemo(0)).toThrow(RangeError);
    expect(() => new BoundedMemo(1.5)).toThrow(RangeError);
  });

  it("holds, for any sets, deletes and clears, the newest entries an insertion-ordered list of `limit` would", () => {
    const op = fc.oneof(
      { weight: 8, arbitrary: fc.tuple(fc.constant("set" as const), fc.integer({ min: 0, max: 9 }), fc.integer()) },
      { weight: 2, arbitrary: fc.tuple(fc.constant("delete" as const), fc.integer({ min: 0, max: 9 }), fc.constant(0)) },
      { weight: 1, arbitrary: fc.tuple(fc.constant("clear" as const), fc.constant(0), fc.constant(0)) },
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.array(op, { maxLength: 80 }), (limit, ops) => {
        const memo = new BoundedMemo<number, number>(limit);
        // The model: a new key goes last, the first goes when full; a deleted key leaves the list.
        let model: Array<[number, number]> = [];
        for (const [kind, key, value] of ops) {
          const at = model.findIndex(([k]) => k === key);
          if (kind === "clear") {
            memo.clear();
            model = [];
          } else if (kind === "delete") {
            memo.delete(key);
            if (at >= 0) model.splice(at, 1);
          } else {
            memo.set(key, value);
            if (at >= 0) model[at] = [key, value];
            else {
              if (model.length >= limit) model.shift();
              model.push([key, value]);
            }
          }
          expect([...memo.entries()]).toEqual(model);
        }
      }),
      { seed: 106, numRuns: 500 },
    );
  });

  it("keeps one iterator across evictions (no fresh walk over deleted entries per eviction)", () => {
    const memo = new BoundedMemo<number, number>(10_000);
    const keys = vi.spyOn(memo, "keys");
    for (let i = 0; i < 400_000; i++) memo.set(i, i);
    // A fresh keys().next() per eviction would walk V8's holes left by every deleted entry (seconds here);
    // the kept iterator starts once and only moves forward.
    expect(keys).toHaveBeenCalledTimes(1);
    expect(memo.size).toBe(10_000);
    expect(memo.keys().next().value).toBe(390_000);
  });
});
