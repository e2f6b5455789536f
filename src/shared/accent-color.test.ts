import { describe, expect, it } from "vitest";
import { accentColorField, isAccentColor, randomGradient } from "./accent-color";

describe("accent colors", () => {
  it.each(["#fff", "#4f46e5", "linear-gradient(135deg, #6366f1, #ec4899)", "radial-gradient(circle, #fff, #000)"])("accepts %s", (v) => {
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

describe("the one strict rule", () => {
  it.each([
    "#fff",
    "#4F46E5",
    "linear-gradient(135deg, #6366f1 0%, #a855f7 100%)",
    "radial-gradient(circle at top left, rgba(99, 102, 241, 0.9), #0ea5e9)",
    "linear-gradient(to right, hsl(200 80% 50%), white)",
  ])("accepts %s", (value) => expect(isAccentColor(value)).toBe(true));

  it.each([
    "",
    "#ffff",
    "#12345g",
    "red",
    "linear-gradient(#fff)",
    "linear-gradient(red, url(https://evil.test/x.png))",
    "linear-gradient(red, blue); background: url(x)",
    "linear-gradient(var(--x), blue)",
    "linear-gradient(red, rgb(rgb(1,2,3)), blue)",
    "linear-gradient(red, blue",
    "conic-gradient(red, blue)",
    `linear-gradient(${"#fff, ".repeat(100)}#000)`,
  ])("refuses %s", (value) => expect(isAccentColor(value)).toBe(false));
});

describe("defects of the old agency rule, now refused everywhere", () => {
  it.each(["#4f46e5ff", "#4F46E5CC", "linear-gradient(url(https://evil.test/x.png), red)", "repeating-linear-gradient(red, blue)"])("refuses %s", (value) => {
    expect(isAccentColor(value)).toBe(false);
    expect(accentColorField.safeParse(value).success).toBe(false);
  });
});
