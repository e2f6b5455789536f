/**
 * `npm run bench -- answer-quality`: extractive answers (no LLM key) on real documentation nobody tuned for.
 * Seven Debian documentation packages (answer-quality/doc-sets.ts), unpacked into `.data/bench/docs/` (never
 * installed), served from 127.0.0.1 and crawled through the real jobs, one chatbot each; questions made
 * mechanically from the docs (known-item, index, how-to, unanswerable: answer-quality/questions.ts) asked
 * through the conversation engine. Per set and kind: right page cited, first, precision of `answered`,
 * unanswerable refused, p50 — next to MiniSearch at the same k, and the targets (binding on the held-out sets:
 * docs/decisions/105-answer-quality-held-out-sets.md).
 *
 * `npm run bench -- answer-quality-langs`: the Debian Administrator's Handbook in seven languages, questions
 * in each language from its own (translated) text, the chatbot's `default_language` set to it (held out).
 * With BENCH_AQ_EDITIONS=reference: the Debian Reference in six languages instead, the languages' **tuning**
 * set (its package names are asked as they are in every language: they are no untranslated text). With
 * BENCH_AQ_EDITIONS=install-guide: the Debian Installation Guide in the seven languages (Dutch too), a second
 * **tuning** set (its boot parameters and preseed keys are asked as they are, as the Reference's packages). With
 * BENCH_AQ_EDITIONS=packaging-guide: the Ubuntu Packaging Guide (Sphinx) in English, German, French, Spanish and
 * Portuguese, a third **tuning** set. BENCH_AQ_EDITIONS=lilypond: LilyPond's general information manual in the seven
 * languages, a fourth **tuning** set (the only one with more Portuguese than the Packaging Guide's);
 * BENCH_AQ_LILYPOND_MANUALS=web,learning adds its Learning Manual (no Portuguese), and usage, essay, extending,
 * notation its other manuals (German, French, Spanish, Italian: no Dutch or Portuguese). BENCH_AQ_EDITIONS=gimp: the
 * GIMP user manual in the seven languages (a seeded sample of 300 pages by default), a fifth **tuning** set, the
 * first with much Spanish and Brazilian Portuguese in a DocBook book a page per section, as the Handbook is.
 *
 * - BENCH_AQ_PAGES: pages served per set (default 500, a seeded sample: all of git's and the Handbook's; GIMP 300).
 * - BENCH_AQ_QUESTIONS: questions per set and kind (default 100, unanswerable two thirds of it; languages 50).
 * - BENCH_AQ_SETS: only these sets (comma-separated names, e.g. "python,git,sqlite,pgpool,slony" — the tuning sets — or
 *   "handbook-de"); the questions, unanswerable ones included, are made from all of them as usual.
 * - BENCH_VERBOSE=1 prints every miss (else the first 8 per set); every outcome goes to
 *   `.data/bench/answer-quality*.json`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { askAll } from "./answer-quality/ask";
import { englishSets, gimpEditions, handbookEditions, installGuideEditions, lilypondEditions, packagingGuideEditions, referenceEditions, type DocSet } from "./answer-quality/doc-sets";
import { questionsOf, statedText, withUnanswerable, type SetQuestions } from "./answer-quality/material";
import { framingByLanguage, framingTable, languageTable, misses, setTable, summaryTable, type SetResult } from "./answer-quality/report";
import { benchDatabase, trainSets } from "./answer-quality/train";

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`;

/** The sets BENCH_AQ_SETS names (all when unset). */
function chosen(sets: SetQuestions[]): SetQuestions[] {
  const names = process.env.BENCH_AQ_SETS?.split(",").map((s) => s.trim()).filter(Boolean);
  return names?.length ? sets.filter((s) => names.includes(s.set.name)) : sets;
}

async function run(name: string, all: SetQuestions[]): Promise<{ results: SetResult[]; crawl: string; asking: string }> {
  const sets = chosen(all);
  const { db, url, stop } = await benchDatabase(name);
  try {
    let t = performance.now();
    const trained = await trainSets(db, url, sets.map((s) => s.set));
    const crawl = seconds(t);
    t = performance.now();
    const results: SetResult[] = [];
    for (const [i, s] of sets.entries()) results.push({ trained: trained[i]!, outcomes: await askAll(db, trained[i]!, s.questions) });
    return { results, crawl, asking: seconds(t) };
  } finally {
    await stop();
  }
}

function environment() {
  process.env.CRAWLER_ALLOW_PRIVATE_NETWORKS = "true";
  process.env.CRAWL_MAX_PAGES = process.env.CRAWL_MAX_PAGES ?? "5000";
  // Extractive answers: no platform key (a key in the environment would make them generated).
  delete process.env.OPENAI_API_KEY;
}

/**
 * The tuning sets' misses, to read; a held-out set's are only counted: read, they would become its tuning
 * (docs/answer-quality.md). The outcomes file keeps them all.
 */
function printMisses(results: SetResult[]) {
  const max = process.env.BENCH_VERBOSE ? Infinity : 8;
  const withheld = results.filter((r) => r.trained.set.role === "held-out").map((r) => `${r.trained.set.name} ${misses(r, Infinity).length}`);
  if (withheld.length) console.log(`\nmisses of the held-out sets, withheld: ${withheld.join(", ")}`);
  for (const r of results) {
    if (r.trained.set.role === "held-out") continue;
    const lines = misses(r, max);
    if (lines.length) console.log(`\n${r.trained.set.name}: ${max === Infinity ? "every miss" : "first misses"}\n${lines.join("\n")}`);
  }
}

function save(name: string, results: SetResult[]) {
  const file = path.resolve(`.data/bench/${name}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(results.map((r) => ({ set: r.trained.set.name, crawl: r.trained.crawl, outcomes: r.outcomes })), null, 1));
  return file;
}

const header = (what: string) => console.log(`\n## ${what}\n\n${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)} at the start\n`);

export async function runAnswerQualityBenchmark() {
  const started = performance.now();
  environment();
  const perKind = Number(process.env.BENCH_AQ_QUESTIONS ?? 100);
  const sets: DocSet[] = englishSets(Number(process.env.BENCH_AQ_PAGES ?? 500));
  const questions = withUnanswerable(sets.map((s) => questionsOf(s, perKind)), Math.round((perKind * 2) / 3));
  header(`answer-quality: extractive answers on ${sets.length} Debian documentation sets`);
  console.log(`tuning sets: ${sets.filter((s) => s.role === "tuning").map((s) => s.name).join(", ")}; held out: ${sets.filter((s) => s.role === "held-out").map((s) => s.name).join(", ")}`);
  console.log(`questions made in ${seconds(started)}`);
  const { results, crawl, asking } = await run("answer-quality", questions);
  console.log(`crawled all sets at once in ${crawl}; ${results.reduce((n, r) => n + r.outcomes.length, 0)} questions asked one at a time in ${asking}\n`);
  for (const r of results) console.log(setTable(r));
  console.log(`### Summary (targets bind on the held-out sets)\n\n${summaryTable(results)}\n`);
  console.log(`### Per framing, all sets\n\n${framingTable(results)}`);
  printMisses(results);
  console.log(`\noutcomes: ${save("answer-quality", results)}; the bench took ${seconds(started)}`);
}

export async function runAnswerQualityLangsBenchmark() {
  const started = performance.now();
  environment();
  const perKind = Number(process.env.BENCH_AQ_QUESTIONS ?? 50);
  const which = process.env.BENCH_AQ_EDITIONS ?? "handbook";
  const pages = (fallback: number) => Number(process.env.BENCH_AQ_PAGES ?? fallback);
  // `translatedIndex`: the index is words of the language (side notes, a translated book index), not names that read
  // the same in every language (packages, boot parameters): an index term as the English edition writes it is untranslated.
  const choices: Record<string, { editions: () => DocSet[]; header: string; translatedIndex?: boolean }> = {
    handbook: { editions: () => handbookEditions(pages(500)), header: "the Debian Administrator's Handbook in seven languages (held out)", translatedIndex: true },
    reference: { editions: referenceEditions, header: "the Debian Reference in six languages (tuning)" },
    "install-guide": { editions: installGuideEditions, header: "the Debian Installation Guide in seven languages (tuning)" },
    "packaging-guide": { editions: packagingGuideEditions, header: "the Ubuntu Packaging Guide in five languages (tuning)" },
    lilypond: {
      editions: () => lilypondEditions((process.env.BENCH_AQ_LILYPOND_MANUALS ?? "web").split(",").map((m) => m.trim())),
      header: "LilyPond's manuals in seven languages (tuning)",
    },
    gimp: { editions: () => gimpEditions(pages(300)), header: "the GIMP user manual in seven languages (tuning)", translatedIndex: true },
  };
  const choice = Object.hasOwn(choices, which) ? choices[which] : undefined;
  if (!choice) throw new Error(`BENCH_AQ_EDITIONS must be one of ${Object.keys(choices).join(", ")}, not "${which}"`);
  const editions = choice.editions();
  const english = questionsOf(editions.find((e) => e.language === "en")!, perKind);
  // What a translation left as the English edition says it is not a question in its language.
  const untranslated = statedText(english.material, choice.translatedIndex ?? false);
  const sets = editions.map((e) => (e.language === "en" ? english : questionsOf(e, perKind, untranslated)));
  header(`answer-quality-langs: ${choice.header}`);
  console.log(`questions made in ${seconds(started)}`);
  const { results, crawl, asking } = await run(which === "handbook" ? "answer-quality-langs" : `answer-quality-langs-${which}`, sets);
  console.log(`crawled all editions at once in ${crawl}; ${results.reduce((n, r) => n + r.outcomes.length, 0)} questions asked in ${asking}\n`);
  console.log(`### Per language (default_language = the edition's)\n\n${languageTable(results)}\n`);
  for (const r of results) console.log(setTable(r));
  console.log(`### Right page cited per framing and language\n\n${framingByLanguage(results)}`);
  printMisses(results);
  console.log(`\noutcomes: ${save(which === "handbook" ? "answer-quality-langs" : `answer-quality-langs-${which}`, results)}; the bench took ${seconds(started)}`);
}
