import { describe, expect, it } from "vitest";
import { contrastRatio, DARK_TEXT, LIGHT_TEXT, textOnAccent } from "@/shared/text-on-accent";

describe("textOnAccent", () => {
  it("keeps white on saturated, dark accents", () => {
    expect(textOnAccent("#4f46e5")).toBe(LIGHT_TEXT);
    expect(textOnAccent("#000")).toBe(LIGHT_TEXT);
    expect(textOnAccent("linear-gradient(135deg, #6366f1, #8b5cf6)")).toBe(LIGHT_TEXT);
  });

  it("puts dark text on light accents, where white would be unreadable", () => {
    expect(contrastRatio(LIGHT_TEXT, "#0ea5e9")).toBeLessThan(4.5);
    expect(textOnAccent("#0ea5e9")).toBe(DARK_TEXT);
    expect(textOnAccent("#eab308")).toBe(DARK_TEXT);
    expect(textOnAccent("#FFF")).toBe(DARK_TEXT);
  });

  it("judges a gradient by its worst stop", () => {
    expect(textOnAccent("linear-gradient(90deg, #6366f1, #fde047)")).toBe(DARK_TEXT);
    expect(textOnAccent("linear-gradient(90deg, #4f46e5, #1e1b4b)")).toBe(LIGHT_TEXT);
  });

  it("falls back to white when the accent holds no hex color", () => {
    expect(textOnAccent("linear-gradient(90deg, rgb(0,0,0), rgb(10,10,10))")).toBe(LIGHT_TEXT);
  });

  it("measures contrast as WCAG does", () => {
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777")).toBeCloseTo(1, 5);
  });
});
