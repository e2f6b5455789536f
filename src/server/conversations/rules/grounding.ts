/**
 * Whether quoted passages actually answer a question (docs/decisions/051-grounded-or-honest-answers.md,
 * docs/decisions/115-one-language-toolkit.md). Retrieval always finds *something* sharing a word with the
 * question; an extractive answer is served only when the sentences it quotes from one page cover the
 * question's content terms and, for questions asking for a kind of fact (a place, a time, a price, a way to
 * get in touch), carry that kind of fact. The question's framing ("where is it explained", "what is … used
 * for", "wofür braucht man") counts when quoted and is never missed. Per language through the language
 * toolkit: the question in its language, each quoted sentence in its passage's (keysIn: a question's word meets
 * a passage of another language under its key there, as retrieval looks it up;
 * docs/decisions/146-answers-read-passages-in-their-own-language.md). Pure, so the rule is tested on its own and measured on the fixtures
 * (tests/integration/grounding-quality.test.ts) and the answer-quality bench.
 */
import { compoundsOf, saysCompound, type Compound } from "@/server/conversations/rules/compounds";
import { askedKindOnly, carriesKind, kindAsked, framingWordsOf, primaryLanguage, questionTerms, statesKind, stopWordsOf, termKey, termsOf, withoutDiacritics, wordsOf, type AnswerKind } from "@/server/kernel/language";

/**
 * Served when the grounding score reaches this. Chosen on the answer-quality bench's tuning sets (record 115):
 * known-item, index and how-to questions on Python's and git's documentation and the other sets' questions
 * as unanswerable ones; the Bramble Cycles fixture's trade-off is printed by the grounding quality test.
 */
export const GROUNDING_THRESHOLD = 0.6;

/**
 * At most this many of the question's content terms may be missing from what a page quotes: a long question
 * (a sentence restated) answered by a sentence lacking two of its words is answered by another sentence.
 */
export const MAX_MISSING_TERMS = 1;

/** What a question of that kind needs in the quoted text for the score not to be halved. */
const KIND_PENALTY = 0.5;

/**
 * A question of this many content terms or more, every one of them quoted, restates the quoted sentence: it asks
 * for no kind of fact that sentence's own words asked for ("Which page says that these open a new dialog if it is
 * not open yet?" quoting "These open a new dialog if it is not open yet": docs/decisions/172-a-sentence-restated-asks-for-no-kind.md).
 */
export const RESTATING_TERMS = 5;

/** Whether a text says these words, in this order, as whole words (case and spacing aside). */
function saysWords(text: string, words: string): boolean {
  const said = ` ${wordsOf(text).join(" ")} `;
  return said.includes(` ${wordsOf(words).join(" ")} `);
}

export type { AnswerKind };

/** Edit distance with transpositions (optimal string alignment), giving up above `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** How many letters a word of this length may be misspelt by: none under four, and at four only two letters swapped ("rnet"). */
const typosAllowed = (term: string) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0);

const swapped = (a: string, b: string) => a.length === b.length && [...a].sort().join("") === [...b].sort().join("");

/** A name in code (`pg_dump`, `md5`, `utf8`): only ever met as spelled. */
const IDENTIFIER = /[_\d]/;

/**
 * A question term is covered by the same key, or a longer form of it (a stem one letter longer, three from five
 * letters: a derived word), or — unless `typos` is false (the caller knows the term is spelt as the site
 * spells it) — a close spelling with the same first letter: two letters swapped in four, one edit in five to
 * seven letters, two from eight. A word is not its own prefix: "jsonb" is not covered by "json", nor
 * "htaccess" by "access".
 */
export function covered(term: string, words: ReadonlySet<string>, typos = true): boolean {
  if (words.has(term)) return true;
  if (term.length < 4) return false;
  const longer = term.length >= 5 ? 3 : 1;
  for (const w of words) if (w.startsWith(term) && w.length - term.length <= longer) return true;
  const allowed = typos ? typosAllowed(term) : 0;
  if (!allowed || IDENTIFIER.test(term)) return false;
  for (const w of words) {
    if (w[0] !== term[0] || IDENTIFIER.test(w) || (term.length === 4 ? !swapped(term, w) : w.length < 5)) continue;
    if (editDistance(term, w, allowed) <= allowed) return true;
  }
  return false;
}

/** The content terms a question is about, in its language (framing words out). */
export const keyTerms = (question: string, language: string | null | undefined) => [...questionTerms(question, language).content.keys()];

/**
 * What an extractive answer quotes from one page: each sentence with its context (page title and heading path)
 * and the language its passage is indexed in (absent: the question's).
 */
export interface QuotedSentence {
  sentence: string;
  context: string;
  language?: string | null;
  /** The heading of its paragraph (a `<dt>` term, a section's title), when it has one: what it is about. */
  heading?: string;
}

/** A text and the language it is read in: a passage's own (docs/decisions/146-answers-read-passages-in-their-own-language.md). */
export interface Written {
  text: string;
  language: string | null | undefined;
}

/**
 * What texts say, to look a question's terms up in, by the language each text is read in (its passage's): each
 * naming word's key in that language and the word itself without diacritics (a typo is a misspelt word, not a
 * misspelt stem: "oppening" is one letter from "opening").
 */
export type Said = ReadonlyMap<string, ReadonlySet<string>>;

/** The bare numbers of a text (two digits or more), as wordsOf reads them: between characters of no word. */
const NUMBERS = /(?<![\p{L}\p{N}_])\p{N}{2,}(?![\p{L}\p{N}_])/gu;

/** What texts say (Said): strings read in `language`, a Written in its own. */
export function keysOf(texts: ReadonlyArray<string | Written>, language: string | null | undefined): Said {
  const out = new Map<string, Set<string>>();
  for (const item of texts) {
    const { text, language: read } = typeof item === "string" ? { text: item, language } : item;
    const code = primaryLanguage(read ?? language);
    const keys = out.get(code) ?? out.set(code, new Set()).get(code)!;
    for (const [key, word] of termsOf(text, code)) {
      keys.add(key);
      keys.add(withoutDiacritics(word));
    }
    // Its numbers too: a question asking only about a number looks it up (kernel/language questionTerms).
    for (const number of text.match(NUMBERS) ?? []) keys.add(number);
  }
  return out;
}

/**
 * The keys a question's term (its key in the question's language and its word) is looked up under in a text of
 * `language`: its own key, and the word's key in that language — retrieval's lexeme of the word in the
 * passage's configuration (training/retrieval/sql.ts SEARCH): "remotas" meets an English passage's "remote"
 * as "remot", "passe" its "pass". The one rule by which a question's words meet a passage of another language.
 */
export function keysIn([key, word]: [string, string], language: string | null | undefined): string[] {
  const there = termKey(word, language);
  return there === key ? [key] : [key, there];
}

/**
 * A short word one letter from a stop or framing word of the language ("wat" for "what", "hou" for "how"): a
 * misspelt question word, when no passage holds it. Not a word without a vowel: that is an abbreviation
 * ("nft" is not "not").
 */
function misspeltQuestionWord(word: string, language: string | null | undefined): boolean {
  if (word.length > 4 || !/[aeiouyàâäéèêëïîôöùûüáíóúãõ]/.test(word)) return false;
  const near = (w: string) => w[0] === word[0] && editDistance(word, w, 1) <= 1;
  return [...stopWordsOf(language)].some(near) || framingWordsOf(language).some(near);
}

/** Whether texts (keysOf) hold a question's term as it is spelt (under one of its keys, or as written): then it is no typo of another word. */
export const spelt = (t: [string, string], said: Said) => [...said].some(([language, keys]) => keysIn(t, language).some((k) => keys.has(k)) || keys.has(withoutDiacritics(t[1])));

/**
 * A question's term met in what texts say (keysOf): under one of its keys (keysIn) or its word, as covered
 * reads them; a typo only of its key in the question's language or of its word (a misspelling is the
 * visitor's, in their language).
 */
export const met = (t: [string, string], said: Said, typos = true) =>
  [...said].some(([language, keys]) => covered(t[0], keys, typos) || covered(withoutDiacritics(t[1]), keys, typos) || keysIn(t, language).some((k) => k !== t[0] && covered(k, keys, false)));

/**
 * A name in code: a word of letters joined to digits or underscores, not opening with a digit (`work_mem`,
 * `pcp_proc_info`, `sqlite3`, `md5`; not "2nd").
 */
const CODE_NAME = /^(?=[\p{L}_])(?=.*\p{L})(?=.*[_\p{N}])[\p{L}\p{N}_]+$/u;

/** The clauses of a question: its words between punctuation (a comma, a colon, a parenthesis, its end). */
const CLAUSES = /[,;:!?()[\]"“”«»]|\.(?=\s|$)/u;

/**
 * The code names a question asks about (its content terms' keys that are CODE_NAMEs), each with the content
 * terms that stand right after it in the question — what kind of thing it is, as a documentation index names it:
 * "What does socket_dir configuration parameter do?" → socket_dir: configuration, parameter; "Tell me about
 * journal_mode pragma." → journal_mode: pragma. Up to the first word that is no content term (a stop or framing
 * word, "do", "used"), the clause's end or another code name.
 */
export function codeNamesAsked(question: string, content: ReadonlyMap<string, string>, language: string | null | undefined): Map<string, Set<string>> {
  const asked = new Map<string, Set<string>>();
  for (const clause of question.split(CLAUSES)) {
    let current: Set<string> | null = null;
    for (const word of wordsOf(clause)) {
      const key = termKey(word, language);
      const isContent = content.has(key);
      if (isContent && CODE_NAME.test(word)) {
        current = asked.get(key) ?? new Set();
        asked.set(key, current);
      } else if (current && isContent) current.add(key);
      else current = null;
    }
  }
  return asked;
}

/**
 * Whether a heading is a code name's own (a definition's term, a section titled by it): the name is its first
 * term ("work_mem (integer)", "wd_priority ( integer )", "pg_stat_activity"), read in `language`.
 */
const headedBy = (heading: string | undefined, key: string, language: string | null | undefined) => !!heading && termsOf(heading, language).keys().next().value === key;

/**
 * 0..1: how well sentences quoted from one page answer the question. The share of the question's terms the
 * sentences (or their titles and headings) contain — content terms always, framing terms only when they are
 * there — halved when the question asks for a kind of fact no quoted sentence carries, unless it restates a quoted
 * sentence that says the words asking for it (RESTATING_TERMS). A content term that
 * no retrieved passage contains at all counts twice: ranking favours rare terms, so a term missing from every
 * retrieved passage is one the site does not speak of ("tandem" in "do you rent tandem bikes?" on a shop that
 * rents other bikes). A hyphenated term's parts count only where the quoted text says the term (compounds.ts). More than MAX_MISSING_TERMS missing scores 0. `retrieved`: the retrieved passages'
 * texts, or their keys (keysOf) when scoring several quotes from the same passages. A question without
 * content terms scores 0. A question asking only for a kind of fact ("Where are you located?", "What is your
 * phone number?": askedKindOnly) scores 1 when a quoted sentence states such a fact — an address, a phone
 * number, an amount, an opening time (statesKind, stricter than the cues that count for other questions);
 * otherwise only a page about what it asks, its title or a heading naming it ("Prices" for "What about
 * Prices?"), answers it as any question; any other scores 0, whatever words it shares
 * (docs/decisions/133-questions-asking-only-for-a-kind.md).
 */
export function groundingScore(question: string, quoted: QuotedSentence[], retrieved: string[] | Said, language: string | null | undefined): number {
  const { content, framing } = questionTerms(question, language);
  const kindOnly = askedKindOnly(question, language);
  if (kindOnly) {
    if (quoted.some((q) => statesKind(kindOnly, q.sentence, q.context, q.language ?? language))) return 1;
    const headed = keysOf(quoted.map((q) => ({ text: q.context, language: q.language })), language);
    if (![...content].some((t) => met(t, headed, false))) return 0;
  }
  if (!content.size || !quoted.length) return 0;
  const words = keysOf(quoted.map((q) => ({ text: `${q.sentence} ${q.context}`, language: q.language })), language);
  const anywhere = Array.isArray(retrieved) ? keysOf(retrieved, language) : retrieved;
  // A misspelt question word the passages do not hold is not content ("wat are your oppening hours").
  // A word that is a stop word in the quoted passages' language is not missed there: their index, as retrieval's,
  // never holds it ("es" of a Spanish question read as English, quoting Spanish passages).
  const quotedIn = new Set(quoted.map((q) => primaryLanguage(q.language ?? language)));
  const unindexed = (word: string) => [...quotedIn].every((read) => stopWordsOf(read).has(word));
  const terms = [...content].filter((t) => (!misspeltQuestionWord(t[1], language) || met(t, anywhere, false)) && !unindexed(t[1]));
  if (!terms.length) return 0;
  // A term some retrieved passage holds as spelt is not read as a typo of another word.
  const found = (t: [string, string], said: Said) => met(t, said, !spelt(t, anywhere));
  const framed = [...framing].filter((t) => [...words].some(([read, keys]) => keysIn(t, read).some((k) => keys.has(k)))).length;
  // The parts of a hyphenated term the quoted text does not say as one (compounds.ts) are not met.
  const said = new Map<string, string[]>();
  for (const q of quoted) {
    const read = primaryLanguage(q.language ?? language);
    said.set(read, [...(said.get(read) ?? []), `${q.sentence} ${q.context}`]);
  }
  const saying = (c: Compound) => [...said].some(([read, texts]) => saysCompound(c, texts.join("\n"), read));
  const unsaid = new Set(compoundsOf(question, language).filter((c) => !saying(c)).flatMap((c) => c.keys));
  // A code name the question asks about is the one thing the quoted text may not miss; the words naming its kind
  // are met by a quoted paragraph under its own heading — a definition says what the name does, not "configuration
  // parameter" again (docs/decisions/148-pgpool-and-slony-as-tuning-sets.md).
  const codeNames = codeNamesAsked(question, content, language);
  const isFound = (t: [string, string]) => found(t, words) && !unsaid.has(t[0]);
  if (terms.some((t) => codeNames.has(t[0]) && !isFound(t))) return 0;
  const defined = new Set([...codeNames].filter(([key]) => quoted.some((q) => headedBy(q.heading, key, q.language ?? language))).flatMap(([, kind]) => [...kind]));
  const hits = terms.filter((t) => isFound(t) || defined.has(t[0])).length;
  if (terms.length - hits > MAX_MISSING_TERMS) return 0;
  const unknown = terms.filter((t) => !found(t, anywhere) && !found(t, words) && !defined.has(t[0])).length;
  const coverage = (hits + framed) / (terms.length + framed + unknown);
  const asked = kindAsked(question, language);
  if (!asked || quoted.some((q) => carriesKind(asked.kind, q.sentence, q.language ?? language, language))) return coverage;
  const restated = asked.words !== null && terms.length >= RESTATING_TERMS && hits === terms.length && quoted.some((q) => saysWords(q.sentence, asked.words!));
  return restated ? coverage : coverage * KIND_PENALTY;
}

export const isGrounded = (score: number, threshold = GROUNDING_THRESHOLD) => score >= threshold;

const folded = (text: string) => text.toLowerCase().replace(/[’']/g, "'").replace(/[^\p{L}\p{N}' ]+/gu, " ").replace(/\s+/g, " ").trim();

/**
 * How a model says it cannot answer from the sources (besides the chatbot's own default answer, which the
 * prompt asks for), in the languages it is asked to answer in: "I don't know", "the sources do not say".
 */
const NOT_KNOWN = new RegExp(
  [
    "^(?:(?:i'?m|i am) sorry,? |sorry,? )?(?:but )?(?:i (?:do not|don't|dont) know|i (?:could not|couldn't|cannot|can't) find|(?:the|these|my) sources (?:do not|don't) (?:contain|say|mention))",
    "^(?:(?:es )?tut mir leid,? )?(?:ich weiß (?:es |das )?nicht|die quellen (?:enthalten|sagen|erwähnen) (?:das |dazu )?nichts?)",
    "^(?:(?:je suis )?désolée?,? )?(?:je ne (?:le )?sais pas|les sources ne (?:mentionnent|disent|contiennent) (?:pas|rien))",
    "^(?:lo siento,? )?(?:no (?:lo )?sé|las fuentes no (?:mencionan|dicen|contienen))",
    "^(?:mi dispiace,? )?(?:non (?:lo )?so|le fonti non (?:menzionano|dicono|contengono))",
    "^(?:sorry,? |het spijt me,? )?(?:ik weet (?:het |dat )?niet|de bronnen (?:vermelden|zeggen|bevatten) (?:dit |dat |het )?niet)",
    "^(?:desculpe,? |lamento,? )?(?:(?:eu )?não (?:o )?sei|as fontes não (?:mencionam|dizem|contêm))",
  ].join("|"),
  "u",
);

/** Whether a generated answer is the model saying it does not know (answered: false). */
export function saysNotKnown(answer: string, defaultAnswer: string): boolean {
  const text = folded(answer);
  const fallback = folded(defaultAnswer);
  return (!!fallback && text.includes(fallback)) || NOT_KNOWN.test(text);
}
