import { describe, expect, it } from "vitest";
import { accentColorField, DEFAULT_ACCENT_PALETTE, isAccentColor, randomGradient } from "./accent-color";
import { contrastRatio, textOnAccent } from "./text-on-accent";

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

describe("the default palette (record 078)", () => {
  const AA = 4.5;
  /** Every stop of a gradient on the line between two palette colours, in 10 % steps (sRGB interpolation, as CSS does by default). */
  const between = (a: string, b: string) =>
    Array.from({ length: 11 }, (_, i) => {
      const mix = (k: number) => Math.round(parseInt(a.slice(k, k + 2), 16) * (1 - i / 10) + parseInt(b.slice(k, k + 2), 16) * (i / 10));
      return `#${[1, 3, 5].map((k) => mix(k).toString(16).padStart(2, "0")).join("")}`;
    });

  it.each(DEFAULT_ACCENT_PALETTE.flatMap((a) => DEFAULT_ACCENT_PALETTE.filter((b) => b !== a).map((b) => [a, b] as const)))(
    "text on linear-gradient(%s, %s) meets AA at every point",
    (a, b) => {
      const gradient = `linear-gradient(135deg, ${a}, ${b})`;
      const text = textOnAccent(gradient);
      for (const stop of between(a, b)) expect(contrastRatio(text, stop)).toBeGreaterThanOrEqual(AA);
    },
  );

  it("every random default gradient is made of the palette", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < 200; i++) {
      const stops = randomGradient(random).match(/#\w{6}/g)!;
      for (const stop of stops) expect(DEFAULT_ACCENT_PALETTE).toContain(stop);
    }
  });
});
