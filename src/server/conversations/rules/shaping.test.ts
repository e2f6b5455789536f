import { beforeAll, describe, expect, it } from "vitest";
import { allowanceFor, countTokens, shapeAnswer, StreamShaper } from "./shaping";

// Building the o200k tokenizer takes seconds on a busy machine: once, outside the tests' time limit.
beforeAll(() => {
  countTokens("warm up");
}, 120_000);

const sentence = (i: number) => `Sentence number ${i} tells the visitor something useful about the product.`;
const long = Array.from({ length: 40 }, (_, i) => sentence(i)).join(" ");

describe("shapeAnswer", () => {
  it("keeps an answer within the limit whole, and any answer without a limit", () => {
    expect(shapeAnswer("Short. Answer.", 50)).toBe("Short. Answer.");
    expect(shapeAnswer(long, null)).toBe(long);
  });

  it("cuts a long answer at a sentence end within limit + allowance", () => {
    for (const limit of [50, 73, 120, 300]) {
      const shaped = shapeAnswer(long, limit);
      expect(countTokens(shaped)).toBeLessThanOrEqual(limit + allowanceFor(limit));
      expect(shaped).toMatch(/\.$/);
      expect(long.startsWith(shaped)).toBe(true);
      // the cut uses the allowance: no further whole sentence would have fitted
      const next = long.slice(0, long.indexOf(".", shaped.length) + 1);
      expect(countTokens(next)).toBeGreaterThan(limit + allowanceFor(limit));
    }
  });

  it("allowance is the smaller of 10 % and 30 tokens", () => {
    expect(allowanceFor(50)).toBe(5);
    expect(allowanceFor(300)).toBe(30);
    expect(allowanceFor(10000)).toBe(30);
  });

  it("without any sentence end in reach, cuts at a word within the limit and marks it", () => {
    const words = Array.from({ length: 200 }, (_, i) => `word${i}`).join(" ");
    const shaped = shapeAnswer(words, 50);
    expect(shaped.endsWith("…")).toBe(true);
    expect(countTokens(shaped)).toBeLessThanOrEqual(50 + allowanceFor(50));
    expect(words.startsWith(shaped.slice(0, -1))).toBe(true);
  });
});

describe("StreamShaper", () => {
  const feed = (text: string, limit: number | null, size = 7) => {
    const shaper = new StreamShaper(limit);
    let forwarded = "";
    let stoppedAt = text.length;
    for (let i = 0; i < text.length; i += size) {
      forwarded += shaper.push(text.slice(i, i + size));
      if (shaper.overflowing) {
        stoppedAt = i + size;
        break;
      }
    }
    const { content, rest } = shaper.finish();
    return { forwarded: forwarded + rest, content, stoppedAt };
  };

  it("forwards exactly the shaped answer and stops the provider past the allowance", () => {
    for (const limit of [50, 120]) {
      const { forwarded, content, stoppedAt } = feed(long, limit);
      expect(forwarded).toBe(content);
      expect(countTokens(content)).toBeLessThanOrEqual(limit + allowanceFor(limit));
      expect(stoppedAt).toBeLessThan(long.length);
      expect(content).toMatch(/\.$/);
    }
  });

  it("passes everything through without a limit, and short answers whole", () => {
    expect(feed(long, null).forwarded).toBe(long);
    expect(feed("A short answer. Done.", 100).forwarded).toBe("A short answer. Done.");
  });

  it("forwards text before the end (streaming), not only at finish", () => {
    const shaper = new StreamShaper(200);
    expect(shaper.push("Hello there, this is ")).toBe("Hello there, this is");
  });
});
