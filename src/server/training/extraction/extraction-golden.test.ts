import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { outputDigest, pageOutput } from "./page-output";

/**
 * What is extracted from a page decides ranking, so a change made for speed must extract exactly the same
 * (docs/decisions/086-one-extraction-pass-per-page.md). Every page of the committed Python documentation
 * subset goes through the crawler's steps (page meta, text, passages, defined terms, identifier parts) and
 * its output's digest is compared with the golden file. A change that means to extract differently
 * regenerates it: `UPDATE_GOLDEN=1 npx vitest run --project unit <this file>` (and says why in its commit).
 * `npx tsx scripts/extraction/check.ts` compares the whole docs bench site, page by page, field by field.
 */
const DOCS = path.resolve("tests/fixtures/python-docs");
const GOLDEN = path.join(DOCS, "extraction-digests.json");

function pages(): string[] {
  const library = readdirSync(path.join(DOCS, "library")).map((f) => `library/${f}`);
  return [...library, ...readdirSync(DOCS).filter((f) => f.endsWith(".html"))].sort();
}

describe("extraction of the Python documentation subset", () => {
  it("extracts every page exactly as the golden file pins it", async () => {
    const digests: Record<string, string> = {};
    for (const page of pages()) digests[page] = outputDigest(await pageOutput(readFileSync(path.join(DOCS, page), "utf8"), `https://docs.example/${page}`));
    if (process.env.UPDATE_GOLDEN) writeFileSync(GOLDEN, `${JSON.stringify(digests, null, 1)}\n`);
    const golden = JSON.parse(readFileSync(GOLDEN, "utf8")) as Record<string, string>;
    expect(Object.keys(digests).length).toBeGreaterThan(100);
    expect(digests).toEqual(golden);
  }, 120_000);
});
