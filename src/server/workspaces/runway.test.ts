import { describe, expect, it } from "vitest";
import { runwayDays } from "./runway";

describe("credit runway", () => {
  it.each([
    [700, 70, 70, "700 left at 10 a day"],
    [5, 70, 0.5, "half a day"],
    [0, 70, 0, "already empty"],
    [500, 0, null, "no use in the window: no estimate"],
    [100, 3, 233.3, "rounded to one decimal"],
  ])("%i remaining, %i used in 7 days → %s days (%s)", (remaining, used, expected, _why) => {
    expect(runwayDays(remaining, used)).toBe(expected);
  });
});
