import { describe, expect, it } from "vitest";
import { greetingOf, greetingSchema } from "./greeting-rules";

describe("the proactive greeting", () => {
  it("reads a stored greeting, and nothing else, as one", () => {
    expect(greetingOf({ message: " Hi! Questions about delivery? ", delay_seconds: 8 })).toEqual({ message: "Hi! Questions about delivery?", delay_seconds: 8 });
    for (const stored of [null, undefined, {}, { message: "", delay_seconds: 5 }, { message: "Hi", delay_seconds: 0 }, { message: "Hi", delay_seconds: 1.5 }, "Hi"]) {
      expect(greetingOf(stored)).toBeNull();
    }
  });

  it("keeps the bubble short and the wait between 1 and 120 seconds", () => {
    expect(greetingSchema.safeParse({ message: "x".repeat(161), delay_seconds: 5 }).success).toBe(false);
    expect(greetingSchema.safeParse({ message: "Hello", delay_seconds: 121 }).success).toBe(false);
    expect(greetingSchema.safeParse({ message: "Hello", delay_seconds: 120 }).success).toBe(true);
  });
});
