import { beforeAll, describe, expect, it } from "vitest";
import { chunkBlocks, type ChunkOptions } from "./chunk";
import type { ExtractedDocument } from "@/server/training/extraction/extract";
import { loadTokenCounter, type TokenCounter } from "./tokenizer";

let count: TokenCounter;
beforeAll(async () => {
  count = await loadTokenCounter();
}, 60_000);

/** One word = one token in these tests, so the bounds are easy to reason about. */
const words: TokenCounter = (text) => (text.trim() ? text.trim().split(/\s+/).length : 0);
const sentence = (i: number, n = 9) => `S${i} ${Array.from({ length: n - 2 }, (_, k) => `w${i}x${k}`).join(" ")} end.`;
const doc = (blocks: Array<[string[], string]>): ExtractedDocument => ({ title: "T", blocks: blocks.map(([headingPath, text]) => ({ headingPath, text })) });
const options: ChunkOptions = { maxTokens: 50, minTokensAtHeading: 20, overlapTokens: 12 };

describe("chunkBlocks", () => {
  it("keeps a short document in one chunk with its heading path", () => {
    const chunks = chunkBlocks(doc([[["Shipping"], "We ship to Canada."], [["Shipping"], "Orders over $75 ship free."]]), count);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({ position: 0, headingPath: ["Shipping"], content: "We ship to Canada.\n\nOrders over $75 ship free." });
    expect(chunks[0]?.tokenCount).toBe(count(chunks[0]!.content));
  });

  it("never exceeds maxTokens, cuts at paragraph then sentence boundaries", () => {
    const paragraph = Array.from({ length: 12 }, (_, i) => sentence(i)).join(" ");
    const chunks = chunkBlocks(doc([[["A"], paragraph], [["A"], paragraph]]), words, options);
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks) {
      expect(words(c.content)).toBeLessThanOrEqual(options.maxTokens);
      // Every chunk starts and ends on a sentence boundary.
      expect(c.content).toMatch(/^S\d+ /);
      expect(c.content).toMatch(/end\.$/);
    }
  });

  it("repeats the end of the previous chunk when a section is split (overlap)", () => {
    const paragraph = Array.from({ length: 12 }, (_, i) => sentence(i)).join(" ");
    const chunks = chunkBlocks(doc([[["A"], paragraph]]), words, options);
    for (let i = 1; i < chunks.length; i++) {
      const firstSentence = chunks[i]!.content.split(" end.")[0]!;
      expect(chunks[i - 1]!.content).toContain(firstSentence);
    }
  });

  it("starts a new chunk at a heading once the current one is big enough, without overlap", () => {
    const text = Array.from({ length: 3 }, (_, i) => sentence(i)).join(" "); // 27 words
    const chunks = chunkBlocks(doc([[["A"], text], [["A", "B"], "Small section."], [["C"], text]]), words, options);
    expect(chunks.map((c) => c.headingPath)).toEqual([["A"], ["A", "B"]]);
    // Section C follows B (2 words, under minTokensAtHeading) in the same chunk, its heading written in as a heading paragraph.
    expect(chunks[1]!.content).toBe(`Small section.\n\n## C\n\n${text}`);
    expect(chunks[0]!.content).toBe(text);
  });

  it("splits a single sentence longer than a chunk at words, and a giant word by characters", () => {
    const long = Array.from({ length: 130 }, (_, i) => `word${i}`).join(" ");
    const chunks = chunkBlocks(doc([[[], long]]), words, options);
    expect(chunks.map((c) => words(c.content)).every((n) => n <= 50)).toBe(true);
    expect(chunks.map((c) => c.content).join(" ")).toContain("word0 word1");
    expect(chunks.at(-1)!.content).toContain("word129");

    const url = `https://example.test/${Array.from({ length: 600 }, (_, i) => `p${i}`).join("/")}`; // one "word" of ~1,800 tokens
    const real = chunkBlocks(doc([[[], `See ${url} for details.`]]), count, { maxTokens: 400, minTokensAtHeading: 100, overlapTokens: 50 });
    expect(real.length).toBeGreaterThan(2);
    for (const c of real) expect(c.tokenCount).toBeLessThanOrEqual(400);
    expect(real.map((c) => c.content).join("").replace(/\s/g, "")).toBe(`See${url}fordetails.`);
  });

  it("leaves out letter runs no one searches for (base64), which BPE would take minutes to count", () => {
    const blob = "x".repeat(200_000);
    const chunks = chunkBlocks(doc([[[], `Before ${blob} after.`], [[], blob]]), count);
    expect(chunks.map((c) => c.content)).toEqual(["Before after."]);
  });

  it("finds runs of 80 letters or digits in any script, and only those (the quick scan before the pattern)", () => {
    const text = (run: string) => chunkBlocks(doc([[[], `a ${run} b`]]), words)[0]?.content;
    expect(text("é".repeat(80))).toBe("a b");
    expect(text("Ж9".repeat(40))).toBe("a b");
    expect(text("𝐀".repeat(80))).toBe("a b"); // astral letters: two UTF-16 units each, one letter to the pattern
    expect(text("x".repeat(79))).toBe(`a ${"x".repeat(79)} b`);
    expect(text("𝐀".repeat(79))).toBe(`a ${"𝐀".repeat(79)} b`);
    expect(text(`${"x".repeat(40)}·${"x".repeat(40)}`)).toBe(`a ${"x".repeat(40)}·${"x".repeat(40)} b`); // · is neither
    expect(text(`${"x".repeat(40)}_${"x".repeat(40)}`)).toBe(`a ${"x".repeat(40)}_${"x".repeat(40)} b`);
  });

  it("ends a chunk with an index-like page's own opening: its lists of links are passages apart (record 165)", () => {
    const opening = "The modules described in this chapter provide services for binary data.";
    const blocks: Array<[string[], string]> = [[["Binary Data Services"], opening], ...Array.from({ length: 4 }, (_, i): [string[], string] => [["Binary Data Services"], `module${i} — Codec ${i}`])];
    expect(chunkBlocks(doc(blocks), words, options)).toHaveLength(1);
    const chunks = chunkBlocks({ ...doc(blocks), weight: 0.2, opening: { text: opening, linked: [] } }, words, options);
    expect(chunks.map((c) => c.content)).toEqual([opening, blocks.slice(1).map(([, t]) => t).join("\n\n")]);
  });

  it("numbers chunks in order and returns none for an empty document", () => {
    expect(chunkBlocks(doc([]), count)).toEqual([]);
    const paragraph = Array.from({ length: 30 }, (_, i) => sentence(i)).join(" ");
    expect(chunkBlocks(doc([[[], paragraph]]), words, options).map((c) => c.position)).toEqual(
      Array.from({ length: chunkBlocks(doc([[[], paragraph]]), words, options).length }, (_, i) => i),
    );
  });

  it("produces chunks of about 300–500 o200k tokens with the default options", () => {
    const paragraph = Array.from({ length: 200 }, (_, i) => `Sentence number ${i} talks about shipping, returns and bikes.`).join(" ");
    const chunks = chunkBlocks(doc([[["Guide"], paragraph]]), count);
    for (const c of chunks.slice(0, -1)) {
      expect(c.tokenCount).toBeGreaterThanOrEqual(300);
      expect(c.tokenCount).toBeLessThanOrEqual(500);
    }
  });
});
