import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { snowballAlgorithm, stemmerFor, stopWordsOf } from "@/server/kernel/language";
import { POSTGRES_STOP_WORDS } from "@/server/kernel/language/stop-words-data";
import { postgresStopWords } from "../../scripts/language/postgres-stop-words";
import { createTestDatabase } from "../helpers/db";

/**
 * The language toolkit against PostgreSQL (docs/decisions/115-one-language-toolkit.md): the answer rules
 * stem and drop words as the search does. Words drawn at random (fast-check) from the answer-quality
 * fixture pages in each language, stemmed by the toolkit and by PostgreSQL's Snowball dictionary of the same
 * language (`ts_lexize('<language>_stem', word)`, which returns no lexeme for a stop word).
 *
 * PostgreSQL 18 ships Snowball 3.0; the stemmer package implements the algorithms from before it. The 3.0
 * changes it lacks touch German most (ae/oe/ue read as umlauts, words ending in -system and -eln kept
 * whole), a few English (-dded, -gging after a short stem) and French (ï) words: each language's
 * disagreement is bounded, and German's outside those classes as tightly as the others'.
 */
let db: Db;
beforeAll(async () => {
  ({ db } = await createTestDatabase());
});

const FIXTURES = path.resolve("tests/fixtures/answer-quality");
const SETS: Record<string, string[]> = {
  en: ["python", "git", "postgresql", "handbook-en"],
  de: ["handbook-de"],
  fr: ["handbook-fr"],
  es: ["handbook-es"],
  it: ["handbook-it"],
  nl: ["handbook-nl"],
  pt: ["handbook-pt"],
};

function pageFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? pageFiles(p) : f.endsWith(".html") ? [p] : [];
  });
}

/** The distinct words (letters only, 3+) of a language's fixture pages, their markup left out. */
function fixtureWords(language: string): string[] {
  const words = new Set<string>();
  for (const set of SETS[language]!) {
    for (const file of pageFiles(path.join(FIXTURES, set))) {
      const text = readFileSync(file, "utf8").replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ").replace(/<[^>]+>/g, " ").replace(/&\w+;/g, " ");
      for (const w of text.normalize("NFC").toLowerCase().match(/\p{L}{3,}/gu) ?? []) words.add(w);
    }
  }
  return [...words].sort();
}

/** Snowball 3.0's German changes the package predates. */
const GERMAN_3_0 = (w: string) => /(?<!q)ue|ae|oe/.test(w) || w.includes("system") || /eln$/.test(w);

/** Largest share of drawn words whose stems may differ (all words; German outside GERMAN_3_0 too). */
const MAX_DISAGREEMENT: Record<string, number> = { en: 0.002, de: 0.02, fr: 0.002, es: 0.002, it: 0.002, nl: 0.002, pt: 0.002 };
const MAX_UNEXPLAINED = 0.002;

describe("stemming and stop words agree with PostgreSQL's Snowball configurations", () => {
  it.each(Object.keys(SETS))("%s: random words of the fixture pages", async (language) => {
    const words = fixtureWords(language);
    expect(words.length).toBeGreaterThan(200);
    const dictionary = `${snowballAlgorithm(language)}_stem`;
    const stem = stemmerFor(language);
    const stop = stopWordsOf(language);
    let drawn = 0;
    const differ = new Map<string, string>();
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.constantFrom(...words), { minLength: 50, maxLength: 50 }), async (sample) => {
        const { rows } = await poolOf(db).query<{ w: string; lexemes: string[] | null }>(`SELECT w, ts_lexize($1::regdictionary, w) AS lexemes FROM unnest($2::text[]) AS w`, [dictionary, sample]);
        for (const { w, lexemes } of rows) {
          drawn++;
          // A stop word of PostgreSQL's is one of ours, and the other way round.
          expect(stop.has(w), `stop word ${w}`).toBe(lexemes !== null && lexemes.length === 0);
          if (lexemes?.length && lexemes[0] !== stem(w)) differ.set(w, `${w}: ${lexemes[0]} / ${stem(w)}`);
        }
      }),
      { numRuns: 40, seed: 20261206 },
    );
    const unexplained = language === "de" ? [...differ.keys()].filter((w) => !GERMAN_3_0(w)) : [...differ.keys()];
    console.log(`${language}: ${drawn} words drawn of ${words.length}, ${differ.size} stems differ${differ.size ? ` (${[...differ.values()].slice(0, 12).join("; ")})` : ""}`);
    expect(differ.size / drawn).toBeLessThanOrEqual(MAX_DISAGREEMENT[language]!);
    expect(unexplained.length / drawn).toBeLessThanOrEqual(MAX_UNEXPLAINED);
  });

  it("the stop word lists are PostgreSQL's own", async () => {
    const lists = await postgresStopWords(poolOf(db));
    expect([...lists.keys()].sort()).toEqual(Object.keys(POSTGRES_STOP_WORDS).sort());
    for (const [name, words] of lists) expect(POSTGRES_STOP_WORDS[name]!.split(" "), name).toEqual(words);
  });
});
