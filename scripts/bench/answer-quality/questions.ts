/**
 * Questions made mechanically from a documentation set, four kinds, each with its right pages known by
 * construction:
 * - known-item: a page's first content sentence, framed (framings.ts) → the pages that hold the sentence;
 * - index: a term of the set's own index (indexes.ts), framed → the pages the index points to;
 * - how-to: a heading found on one page only (not itself a question), as "How do I …?" → that page;
 * - unanswerable: another set's questions whose key terms no page of this set holds together (on
 *   any one page: at most half of them).
 * Framings and samples come from a seeded random: the same questions on every run.
 */
import type { DocPage } from "./html-pages";
import type { IndexEntry } from "./indexes";
import { FRAMINGS, type Sentence } from "./framings";
import { lowerFirst } from "./how-to-english";
import { guessLanguage, isFunctionWord, type BenchLanguage } from "./language-guess";
import { SeededRandom } from "@/shared/seeded-random";

export type QuestionKind = "known-item" | "index" | "how-to" | "unanswerable";
export const QUESTION_KINDS: QuestionKind[] = ["known-item", "index", "how-to", "unanswerable"];

export interface BenchQuestion {
  kind: QuestionKind;
  question: string;
  /** What the question was made from (sentence, term, heading), without its framing. */
  content: string;
  /** The framing's id (framings.ts), to see which framings sink retrieval. */
  framing: string;
  /** Right pages (relative paths); none for an unanswerable question. */
  pages: string[];
  /** The set an unanswerable question was made from. */
  from?: string;
}

export interface SetMaterial {
  name: string;
  language: BenchLanguage;
  /** The pages questions may point to (the served subset, without index pages). */
  pages: DocPage[];
  index: IndexEntry[];
  /** Text found as is in the English edition (a translation's untranslated parts): never a question in another language. */
  untranslated?: Set<string>;
}

const MIN_WORDS = 8;
const MAX_WORDS = 35;
const words = (s: string) => s.split(/\s+/).filter(Boolean);
const balanced = (s: string) => (s.match(/\(/g)?.length ?? 0) === (s.match(/\)/g)?.length ?? 0) && !/["“”„«»]/.test(s.replace(/^[^"“„«]*["“„«][^"”“»]*["”“»]/, ""));

/** The first sentence a page states in its own language: long enough to say something, short enough to ask. */
function summarySentence(page: DocPage, set: SetMaterial): string | null {
  for (const { text } of page.sentences) {
    const n = words(text).length;
    if (n < MIN_WORDS || n > MAX_WORDS || !/[.]$/.test(text) || !balanced(text) || set.untranslated?.has(text)) continue;
    if (guessLanguage(text) !== set.language) continue;
    return text;
  }
  return null;
}


function knownItems(set: SetMaterial, n: number): BenchQuestion[] {
  const rng = new SeededRandom(`${set.name}/known-item`);
  const framings = FRAMINGS[set.language];
  const out: BenchQuestion[] = [];
  for (const page of rng.shuffle(set.pages)) {
    if (out.length >= n) break;
    const sentence = summarySentence(page, set);
    if (!sentence) continue;
    // Every page that holds the sentence is a right page; a sentence on many pages is boilerplate.
    const holders = set.pages.filter((p) => p.text.includes(sentence)).map((p) => p.path);
    if (holders.length > 3) continue;
    const s: Sentence = { text: sentence.replace(/\.$/, ""), lower: lowerFirst(sentence.replace(/\.$/, "")) };
    const subject = framings.definition.subject.exec(sentence)?.[1];
    const options = framings.knownItem.map((f) => ({ id: f.id, question: f.make(s) }));
    if (subject && words(subject).length <= 5 && !subject.includes(",") && !words(subject).some((w) => framings.definition.pronouns.has(w.toLowerCase()))) {
      options.push({ id: framings.definition.id, question: framings.definition.make(subject) });
    }
    const framing = rng.pick(options);
    out.push({ kind: "known-item", question: framing.question, content: sentence, framing: framing.id, pages: holders });
  }
  return out;
}

function indexQuestions(set: SetMaterial, n: number): BenchQuestion[] {
  const rng = new SeededRandom(`${set.name}/index`);
  const kept = new Set(set.pages.map((p) => p.path));
  const eligible = set.index.filter(
    (e) =>
      e.pages.length <= 3 &&
      e.pages.every((p) => kept.has(p)) &&
      e.term.length >= 3 &&
      words(e.term).length <= 8 &&
      !set.untranslated?.has(e.term) &&
      (!e.context || guessLanguage(`${e.term} ${e.context}`) === set.language),
  );
  return rng.shuffle(eligible)
    .slice(0, n)
    .map((e) => {
      const framing = rng.pick(FRAMINGS[set.language].index);
      // A term asked as the index writes it, without a question mark of its own; German keeps its capitals.
      const term = e.term.replace(/\s*\?+$/, "");
      return { kind: "index", question: framing.make(set.language === "de" ? term : lowerFirst(term)), content: e.term, framing: framing.id, pages: e.pages };
    });
}

function howTos(set: SetMaterial, n: number): BenchQuestion[] {
  const rng = new SeededRandom(`${set.name}/how-to`);
  const onPages = new Map<string, Set<string>>();
  for (const page of set.pages) for (const h of page.headings) onPages.set(h.toLowerCase(), (onPages.get(h.toLowerCase()) ?? new Set()).add(page.path));
  const candidates = set.pages.flatMap((page) =>
    page.headings
      .filter((h) => onPages.get(h.toLowerCase())!.size === 1 && words(h).length >= 2 && words(h).length <= 12 && h !== h.toUpperCase() && !h.endsWith("?") && !set.untranslated?.has(h))
      .map((h) => ({ heading: h, page: page.path })),
  );
  const unique = [...new Map(candidates.map((c) => [c.heading.toLowerCase(), c])).values()];
  return rng.shuffle(unique)
    .slice(0, n)
    .map(({ heading, page }) => {
      const { id, question } = FRAMINGS[set.language].howTo(heading, (xs) => rng.pick(xs));
      return { kind: "how-to", question, content: heading, framing: id, pages: [page] };
    });
}

/** Known-item, index and how-to questions of a set, `n` of each at most. */
export function setQuestions(set: SetMaterial, n: number): BenchQuestion[] {
  return [...knownItems(set, n), ...indexQuestions(set, n), ...howTos(set, n)];
}

const tokens = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}_][\p{L}\p{N}_.\-+]*[\p{L}\p{N}_+]|[\p{L}\p{N}]/gu) ?? []);

/** A question's key terms: its content's words that are not function words, of three characters or more. */
export function keyTerms(content: string, language: BenchLanguage): string[] {
  return [...new Set(tokens(content).filter((w) => w.length >= 3 && !isFunctionWord(language, w)))];
}

/** `n` of other sets' questions that this set cannot answer: no page holds more than half of their key terms. */
export function unanswerableFor(set: SetMaterial, others: Array<BenchQuestion & { from: string; language: BenchLanguage }>, n: number): BenchQuestion[] {
  const pageTerms = set.pages.map((p) => new Set(tokens(p.text)));
  const rng = new SeededRandom(`${set.name}/unanswerable`);
  const out: BenchQuestion[] = [];
  for (const q of rng.shuffle(others)) {
    if (out.length >= n) break;
    const terms = keyTerms(q.content, q.language);
    if (!terms.length) continue;
    const most = Math.max(...pageTerms.map((held) => terms.filter((t) => held.has(t)).length));
    if (most > terms.length / 2) continue;
    out.push({ kind: "unanswerable", question: q.question, content: q.content, framing: q.framing, pages: [], from: q.from });
  }
  return out;
}
