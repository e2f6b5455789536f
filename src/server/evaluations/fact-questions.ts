/**
 * Test questions a visitor would ask of a page's facts (docs/decisions/131-questions-from-the-pages-facts.md):
 * read mechanically from the page's trained text — an opening time stated for a weekday ("When are you open
 * on Saturday?"), a price stated for a thing ("How much does delivery cost?"), a street address ("Where are
 * you located?"), a phone number or an e-mail address, a task a heading names ("How do I return an item?") —
 * each with the fact itself (the time, the amount, the address…), which an answer must say. Pure.
 */
import { asksHowTo, primaryLanguage } from "@/server/kernel/language";
import { sentencesOf } from "@/server/kernel/language/sentences";
import { passageParagraphs, type AnswerPassage } from "@/server/training";
import { ADDRESS, AMOUNT, CLOCK, EMAIL, phoneNumberIn, wholeWords } from "@/server/kernel/language/facts";
import { FACT_VOCABULARIES, type FactKind, type FactVocabulary } from "./fact-vocabulary";

export interface FactQuestion {
  question: string;
  kind: FactKind;
  /** What the answer must say, as the page says it. */
  fact: string;
}

/** Fact questions per page at most: an hours page's days, not a price list's fifty rows. */
export const MAX_FACTS_PER_PAGE = 5;

/** A thing priced is named in a few words; a longer subject is a sentence, not a name. */
const MAX_THING_WORDS = 6;

/** Words of a how-to answer's first step that the answer must quote. */
const STEP_WORDS = 6;

type Passage = Pick<AnswerPassage, "headingPath" | "content">;

/**
 * The questions a page's facts answer, each once: a question of each kind first (in the order the page
 * states them), then each kind's second, and so on, so a page of prices and hours keeps its address.
 */
export function factQuestionsOf(passages: readonly Passage[], language: string | null | undefined): FactQuestion[] {
  const v = FACT_VOCABULARIES[primaryLanguage(language)];
  if (!v) return [];
  const found = new Map<string, FactQuestion>();
  const add = (q: FactQuestion | null) => {
    if (q && !found.has(q.question.toLowerCase())) found.set(q.question.toLowerCase(), q);
  };
  const headingsSeen = new Set<string>();
  for (const { heading, text } of passages.flatMap((p) => passageParagraphs(p))) {
    if (heading && !headingsSeen.has(heading)) {
      headingsSeen.add(heading);
      add(howToOf(heading, text, v, language));
    }
    for (const sentence of sentencesOf(text, language)) {
      for (const q of timesOf(sentence, heading, v)) add(q);
      add(priceOf(sentence, v));
      add(placeOf(sentence, v));
      add(emailOf(sentence, v));
      add(phoneOf(sentence, heading, v));
    }
  }
  const byKind = new Map<FactKind, FactQuestion[]>();
  for (const q of found.values()) byKind.set(q.kind, [...(byKind.get(q.kind) ?? []), q]);
  const out: FactQuestion[] = [];
  for (let round = 0; out.length < MAX_FACTS_PER_PAGE && [...byKind.values()].some((qs) => qs.length > round); round++) {
    for (const qs of byKind.values()) if (qs[round] && out.length < MAX_FACTS_PER_PAGE) out.push(qs[round]!);
  }
  return out;
}

const dayPatterns = new Map<FactVocabulary, { group: RegExp; day: RegExp }>();

/** "Monday to Saturday from 9am", "Sunday: 10:00", "Sunday closed": the group's last day and its first time. */
function dayPattern(v: FactVocabulary) {
  let p = dayPatterns.get(v);
  if (!p) {
    const day = `(?:${v.days.join("|")})s?`;
    const joiner = "\\s*(?:-|–|—|,|&|/|\\s(?:to|through|till|until|and|bis|und|au|à|et|a|y|al)\\s)\\s*";
    const time = [v.clock, CLOCK, wholeWords(v.closed)].filter(Boolean).join("|");
    p = {
      group: new RegExp(`${wholeWords(`${day}(?:${joiner}${day})*`)}[^.;!?\\d]{0,30}?(${time})`, "giu"),
      day: new RegExp(wholeWords(day), "giu"),
    };
    dayPatterns.set(v, p);
  }
  return p;
}

function timesOf(sentence: string, heading: string, v: FactVocabulary): FactQuestion[] {
  if (!v.opening.test(sentence) && !v.opening.test(heading)) return [];
  const { group, day } = dayPattern(v);
  const out: FactQuestion[] = [];
  for (const m of sentence.matchAll(group)) {
    const last = [...m[0].matchAll(day)].at(-1)?.[0];
    const name = last && v.days.find((d) => last.toLowerCase().startsWith(d.toLowerCase()));
    if (name) out.push({ question: v.ask.time(name), kind: "time", fact: m[1]!.trim() });
  }
  return out;
}

const priceClauses = new Map<FactVocabulary, RegExp>();

/** "Delivery costs $6.95", "A croissant is €1.80", "Sourdough loaf: €4.50": the thing and its amount. */
function priceOf(sentence: string, v: FactVocabulary): FactQuestion | null {
  let clause = priceClauses.get(v);
  if (!clause) {
    const verbs = `${v.priceVerbs.singular}|${v.priceVerbs.plural}`;
    clause = new RegExp(`^(.+?)(?:\\s(${verbs})\\s+(?:only\\s+|just\\s+|from\\s+)?|\\s*:\\s*|\\s[-–—]\\s)(${AMOUNT.source})`, "iu");
    priceClauses.set(v, clause);
  }
  for (const part of sentence.split(/;|,\s|\s(?:and|und|et|y)\s/u)) {
    const m = clause.exec(part.trim());
    if (!m) continue;
    const thing = m[1]!.trim();
    const words = thing.split(/\s+/);
    if (words.length > MAX_THING_WORDS || v.pronoun.test(thing) || !/\p{L}{3}/u.test(thing) || /\d/.test(thing)) continue;
    const plural = m[2] !== undefined && new RegExp(`^(?:${v.priceVerbs.plural})$`, "iu").test(m[2]);
    return { question: v.ask.price(inQuestion(thing, v), plural), kind: "price", fact: m[3]!.trim() };
  }
  return null;
}

/** A sentence's opening words inside a question: lower case, unless a name, an acronym or a German noun. */
function inQuestion(words: string, v: FactVocabulary): string {
  const first = words.split(/\s/)[0]!;
  if (v.nounsCapitalised || first.slice(1) !== first.slice(1).toLowerCase() || v.days.some((d) => first.toLowerCase().startsWith(d.toLowerCase()))) return words;
  return words.charAt(0).toLowerCase() + words.slice(1);
}

function placeOf(sentence: string, v: FactVocabulary): FactQuestion | null {
  const m = ADDRESS.exec(sentence);
  return m ? { question: v.ask.place, kind: "place", fact: m[0].replace(/[.,]$/, "").trim() } : null;
}

function emailOf(sentence: string, v: FactVocabulary): FactQuestion | null {
  const m = EMAIL.exec(sentence);
  return m ? { question: v.ask.email, kind: "contact", fact: m[0].replace(/\.$/, "") } : null;
}

function phoneOf(sentence: string, heading: string, v: FactVocabulary): FactQuestion | null {
  const phone = phoneNumberIn(sentence, heading);
  return phone ? { question: v.ask.phone, kind: "contact", fact: phone } : null;
}

/** A heading that asks how to do something, or names a task ("How to return an item"): its first step is the fact. */
function howToOf(heading: string, firstText: string, v: FactVocabulary, language: string | null | undefined): FactQuestion | null {
  const task = v.howToHeading?.exec(heading.trim())?.[1]?.replace(/[?.!:]+$/, "").trim();
  const asked = heading.trim().replace(/[.!:]+$/, "");
  const question = task && v.ask.howTo ? v.ask.howTo(inQuestion(task, v)) : asksHowTo(asked, language) ? (asked.endsWith("?") ? asked : `${asked}?`) : null;
  if (!question) return null;
  const step = firstText.replace(/^\s*(?:\d+[.)]|[-*•]|step \d+:?)\s*/iu, "");
  const fact = step.split(/\s+/).slice(0, STEP_WORDS).join(" ").replace(/[.,;:]$/, "");
  return fact ? { question, kind: "how_to", fact } : null;
}

/** Whether an answer says the fact: compared without case, spaces, dots and dashes ("9 a.m." says "9am"). */
export function saysFact(answer: string, fact: string): boolean {
  const plain = (s: string) => s.normalize("NFKC").toLowerCase().replace(/[\s.\-–—]/g, "");
  return plain(answer).includes(plain(fact));
}
