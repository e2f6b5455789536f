import { describe, expect, it } from "vitest";
import { isAccentColor, randomGradient } from "./accent-color";

describe("accent colors", () => {
  it.each(["#fff", "#4f46e5", "#4F46E5CC", "linear-gradient(135deg, #6366f1, #ec4899)", "radial-gradient(circle, #fff, #000)"])("accepts %s", (v) => {
    expect(isAccentColor(v)).toBe(true);
  });
  it.each(["red;", "#12", "#ggg", "url(javascript:x)", "linear-gradient(135deg, #fff", "", "expression(alert(1))"])("rejects %j", (v) => {
    expect(isAccentColor(v)).toBe(false);
  });
  it("makes valid gradients of two different colors", () => {
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < 50; i++) {
      const g = randomGradient(random);
      expect(isAccentColor(g)).toBe(true);
      const [, a, b] = /(#\w+), (#\w+)/.exec(g)!;
      expect(a).not.toBe(b);
    }
  });
});
