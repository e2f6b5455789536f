import { describe, expect, it } from "vitest";
import { SeededRandom } from "./seeded-random";

describe("SeededRandom", () => {
  it("is mulberry32: the same numbers as the published generator, so seeded data stays as it was", () => {
    const rng = new SeededRandom(42);
    expect([rng.uint32(), rng.uint32(), rng.uint32()]).toEqual([2581720956, 1925393290, 3661312704]);
    expect(new SeededRandom(42).next()).toBe(2581720956 / 4294967296);
  });

  it("hashes a string seed (FNV-1a), the same on every run", () => {
    const rng = new SeededRandom("handbook/known-item");
    expect([rng.uint32(), rng.uint32()]).toEqual([3136932440, 3073385013]);
    expect(new SeededRandom("a").next()).not.toBe(new SeededRandom("b").next());
  });

  it("draws within its ranges", () => {
    const rng = new SeededRandom(7);
    for (let i = 0; i < 2000; i++) {
      const int = rng.int(3, 5);
      expect(int === 3 || int === 4 || int === 5).toBe(true);
      const x = rng.between(0.85, 1.15);
      expect(x >= 0.85 && x < 1.15).toBe(true);
      expect(rng.poisson(3)).toBeGreaterThanOrEqual(0);
    }
    expect(rng.chance(0)).toBe(false);
    expect(rng.chance(1)).toBe(true);
  });

  it("picks, weighs and shuffles the items it is given", () => {
    const rng = new SeededRandom(1);
    const items = ["a", "b", "c", "d"] as const;
    expect(items).toContain(rng.pick(items));
    expect(() => rng.pick([])).toThrow("pick from an empty list");
    for (let i = 0; i < 200; i++) expect(rng.weighted(items, (x) => (x === "c" ? 1 : 0))).toBe("c");
    const shuffled = rng.shuffle(items);
    expect([...shuffled].sort()).toEqual([...items]);
    expect(items).toEqual(["a", "b", "c", "d"]);
  });

  it("makes version-4 UUIDs, the same for the same seed", () => {
    const uuid = new SeededRandom(42).uuid();
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new SeededRandom(42).uuid()).toBe(uuid);
  });
});
