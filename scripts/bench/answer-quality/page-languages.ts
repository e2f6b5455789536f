/**
 * `npm run bench -- page-languages`: the product's page-language reading (`documentLanguage`,
 * docs/decisions/116-passages-in-their-own-language.md, 136) measured as a classifier, without any question: every
 * page of every set read as the crawler reads it (parse, the crawler's title, extraction), its language read
 * (1) from its text alone — the declared `lang` removed —, also without the chatbot's language as a hint and with
 * another language as the chatbot's (English; German for an English set: a site with pages in several), and (2) as
 * the product runs (declared first), the chatbot's language the set's, as the answer-quality bench sets it. Each
 * text-path window's vote is counted too (documentWindowLanguages: read as another language, or no vote — code,
 * identifiers, tables of numbers tell no language apart): how near a page came to being read wrongly. A page read as another language than its
 * set's is stemmed and indexed in that language.
 *
 * Each wrong page is also given the bench's own reading of its whole text (its function words,
 * language-guess.ts, which shares nothing with the product): "page en" beside a French set means the page is in
 * fact English (an untranslated chapter), not a detector's error.
 *
 * A second table reads each page's passages (its chunks, as indexSource cuts them): the language each is indexed in
 * (passageLanguage: its own, else its page's) against its page's, and both against the bench's own function words
 * for the passage: the share of the passages the bench can read that are indexed in the language it reads, by the
 * page's language alone (before docs/decisions/144-passages-in-their-own-language.md) and by the passage's.
 *
 * - BENCH_AQ_SETS: which sets (names as the answer-quality benches name them: python, git, sqlite, reference-fr,
 *   install-guide-nl, …); default the tuning sets. `held-out` runs the held-out ones (postgresql, handbook and its
 *   editions) — once, at the end of a change, as record 105 says.
 * - BENCH_VERBOSE=1 lists every wrong page (else the first 10 per set).
 */
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { englishSets, handbookEditions, installGuideEditions, referenceEditions, type DocSet } from "./doc-sets";
import { guessLanguage } from "./language-guess";
import { readPageMeta } from "@/server/training/crawler/html-meta";
import { documentText, extractHtmlDocument, parseHtml, type ExtractedDocument } from "@/server/training/extraction/extract";
import { documentLanguage, documentWindowLanguages, passageLanguage } from "@/server/training/retrieval/document-language";
import { chunkDocument } from "@/server/training/retrieval/chunk";
import { readLanguage } from "@/server/kernel/language/detect";

interface PageReading {
  page: string;
  declared: string | undefined;
  /** documentLanguage without the declared language: the text path. */
  text: string;
  /** The same without the chatbot's language as a hint. */
  unhinted: string;
  /** The same on a chatbot in another language (otherLanguage): a site whose pages are in several. */
  crossed: string;
  /** What each window of the text path read (null: no vote). */
  windows: Array<string | null>;
  /** documentLanguage as the product runs. */
  product: string;
  /** The bench's own function-word reading of the whole page (null: none stands out). */
  bench: string | null;
  chars: number;
}

/** A page as the crawler has it: parsed once, the crawler's title over extraction's (extraction/page-output.ts). */
function readPage(set: DocSet, page: string): ExtractedDocument {
  const url = `http://127.0.0.1/${encodeURI(page)}`;
  const parsed = parseHtml(readFileSync(path.join(set.root, page), "utf8"));
  const meta = readPageMeta(parsed, url);
  const extracted = extractHtmlDocument(parsed, url);
  return meta.title ? { ...extracted, title: meta.title } : extracted;
}

export function readPageLanguages(set: DocSet): PageReading[] {
  return set.pages.map((page) => {
    const document = readPage(set, page);
    const { language: declared, ...undeclared } = document;
    const text = documentText(document);
    return {
      page,
      declared,
      text: documentLanguage(undeclared, set.language),
      unhinted: documentLanguage(undeclared, null),
      crossed: documentLanguage(undeclared, otherLanguage(set.language)),
      windows: documentWindowLanguages(undeclared, set.language),
      product: documentLanguage(document, set.language),
      bench: guessLanguage(text),
      chars: text.length,
    };
  });
}

/** The chatbot's language for the crossed reading: English, German for an English set. */
const otherLanguage = (language: string) => (language === "en" ? "de" : "en");

const tally = (values: string[]) =>
  [...values.reduce((m, v) => m.set(v, (m.get(v) ?? 0) + 1), new Map<string, number>())]
    .sort((a, b) => b[1] - a[1])
    .map(([v, n]) => `${v || "none"} ${n}`)
    .join(", ");

function chosenSets(): DocSet[] {
  const all = [...englishSets(Number.POSITIVE_INFINITY), ...referenceEditions(), ...installGuideEditions(), ...handbookEditions(Number.POSITIVE_INFINITY)];
  const wanted = process.env.BENCH_AQ_SETS?.trim();
  if (!wanted) return all.filter((s) => s.role === "tuning");
  if (wanted === "held-out") return all.filter((s) => s.role === "held-out" && s.name !== "handbook");
  const names = wanted.split(",").map((s) => s.trim());
  const sets = all.filter((s) => names.includes(s.name));
  if (sets.length !== names.length) throw new Error(`BENCH_AQ_SETS names unknown sets: ${names.filter((n) => !all.some((s) => s.name === n)).join(", ")}`);
  return sets;
}

interface PassageReading {
  /** The page's language as the product reads it (documentLanguage, the chatbot's the set's). */
  page: string;
  /** The passage's own (readLanguage with the page's as the hint; null: it tells none). */
  own: string | null;
  /** What the passage is indexed in (passageLanguage). */
  indexed: string;
  /** The bench's function-word reading of the passage (null: none stands out). */
  bench: string | null;
}

/** Every passage of the set's pages, read as indexSource reads them. */
export async function readPassageLanguages(set: DocSet): Promise<PassageReading[]> {
  const out: PassageReading[] = [];
  for (const page of set.pages) {
    const document = readPage(set, page);
    const pageLanguage = documentLanguage(document, set.language);
    for (const chunk of await chunkDocument(document)) {
      out.push({ page: pageLanguage, own: readLanguage(chunk.content, pageLanguage), indexed: passageLanguage(chunk.content, pageLanguage), bench: guessLanguage(chunk.content) });
    }
  }
  return out;
}

function passageTable(set: DocSet, readings: PassageReading[]): string {
  const share = (n: number, of: number) => `${n} (${((100 * n) / Math.max(1, of)).toFixed(1)} %)`;
  const other = readings.filter((r) => r.indexed !== r.page);
  const benchRead = readings.filter((r) => r.bench);
  const agreeing = (key: "page" | "indexed") => benchRead.filter((r) => r[key] === r.bench).length;
  const notSet = (key: "page" | "indexed") => readings.filter((r) => r[key] !== set.language).length;
  return `| ${set.name} | ${readings.length} | ${share(readings.filter((r) => !r.own).length, readings.length)} | ${share(other.length, readings.length)}${other.length ? ` (${tally(other.map((r) => r.indexed))})` : ""} | ${other.filter((r) => r.bench === r.indexed).length} / ${other.filter((r) => r.bench === r.page).length} / ${other.filter((r) => !r.bench || (r.bench !== r.indexed && r.bench !== r.page)).length} | ${notSet("page")} → ${notSet("indexed")} | ${benchRead.length} | ${share(agreeing("page"), benchRead.length)} → ${share(agreeing("indexed"), benchRead.length)} |`;
}

export async function runPageLanguagesBenchmark() {
  const started = performance.now();
  const sets = chosenSets();
  console.log(`\n## page-languages: documentLanguage as a classifier, every page of each set\n\n${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)} at the start\n`);
  console.log(
    "| set | role | pages | declare a lang | text path wrong | read as | text path without the hint, wrong | text path, the chatbot in another language (en; de for en), wrong | as the product runs, wrong | windows | windows read as another language | windows without a vote | wrong pages the bench reads as the set's language |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  const details: string[] = [];
  const max = process.env.BENCH_VERBOSE ? Infinity : 10;
  for (const set of sets) {
    const readings = readPageLanguages(set);
    const wrongText = readings.filter((r) => r.text !== set.language);
    const wrongProduct = readings.filter((r) => r.product !== set.language);
    const benchAgrees = wrongText.filter((r) => r.bench === set.language).length;
    const windows = readings.flatMap((r) => r.windows);
    const otherWindows = windows.filter((w) => w && w !== set.language) as string[];
    const share = (n: number, of: number) => `${n} (${((100 * n) / Math.max(1, of)).toFixed(1)} %)`;
    console.log(
      `| ${set.name} | ${set.role} | ${readings.length} | ${readings.filter((r) => r.declared).length} | ${share(wrongText.length, readings.length)} | ${tally(wrongText.map((r) => r.text))} | ${readings.filter((r) => r.unhinted !== set.language).length} | ${readings.filter((r) => r.crossed !== set.language).length} | ${wrongProduct.length}${wrongProduct.length ? ` (${tally(wrongProduct.map((r) => r.product))})` : ""} | ${windows.length} | ${share(otherWindows.length, windows.length)}${otherWindows.length ? ` (${tally(otherWindows)})` : ""} | ${share(windows.filter((w) => !w).length, windows.length)} | ${benchAgrees} of ${wrongText.length} |`,
    );
    if (wrongText.length) {
      details.push(`\n${set.name}: text path wrong${max === Infinity ? "" : " (first 10)"}`);
      for (const r of wrongText.slice(0, max)) details.push(`  ${r.page}: read ${r.text} (windows ${r.windows.map((w) => w ?? "-").join(" ")}), bench reads ${r.bench ?? "?"}, declared ${r.declared ?? "-"}, ${r.chars} chars`);
    }
  }
  console.log(details.join("\n"));
  console.log(
    `\n### passages: each indexed in its own language, else its page's (docs/decisions/144-passages-in-their-own-language.md)\n\n| set | passages | telling no language (their page's) | indexed in another language than their page | of those, the bench reads: the passage's / the page's / neither | indexed in another language than the set's: by the page → by the passage | passages the bench reads | indexed as the bench reads them: by the page → by the passage |\n|---|---|---|---|---|---|---|---|`,
  );
  for (const set of sets) console.log(passageTable(set, await readPassageLanguages(set)));
  console.log(`\nthe bench took ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
