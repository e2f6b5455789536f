import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Tiktoken } from "js-tiktoken/lite";
import ranks from "js-tiktoken/ranks/o200k_base";
import { beforeAll, describe, expect, it } from "vitest";
import { memoizedCounter } from "./tokenizer";

let encoder: Tiktoken;
beforeAll(() => {
  encoder = new Tiktoken(ranks);
}, 60_000);

const SITE = path.resolve("tests/fixtures/retrieval-site");

const TRICKY = [
  "",
  " ",
  "   ",
  "a  b   c",
  "Hello, world!  How's it going?\n\n  Next paragraph\r\n\ttabbed",
  "  leading and trailing  ",
  "Orders over $75 ship free; 1234567 items, 3.14159 and 1,000,000.",
  "We'll ship it — you've said they'd LIKE it. I'M SURE",
  "naïve café, Straße, Ærøskøbing, 東京都, Привет мир, مرحبا",
  "emoji 🎉🚀 and combining e\u0301 marks",
  "https://example.com/a/b?c=d&e=f#frag",
  "line\nbreaks\n\n\nand    \n   spaces\n",
  "123 456\u00a0789",
];

describe("memoizedCounter", () => {
  it("counts exactly like encode().length, on tricky strings and on the fixture site's text", () => {
    const count = memoizedCounter(encoder, ranks.pat_str);
    const texts = [...TRICKY];
    for (const file of readdirSync(SITE).filter((f) => /\.(html|md|txt)$/.test(f))) {
      const raw = readFileSync(path.join(SITE, file), "utf8");
      texts.push(raw, raw.replace(/<[^>]+>/g, " "));
    }
    expect(texts.length).toBeGreaterThan(TRICKY.length + 20);
    for (const text of texts) expect(count(text)).toBe(encoder.encode(text).length);
    // A second pass answers from the memo: same counts.
    for (const text of texts) expect(count(text)).toBe(encoder.encode(text).length);
  });

  it("counts special-token text as ordinary text instead of throwing", () => {
    const count = memoizedCounter(encoder, ranks.pat_str);
    expect(() => encoder.encode("before <|endoftext|> after")).toThrow();
    expect(count("before <|endoftext|> after")).toBeGreaterThan(3);
  });
});
