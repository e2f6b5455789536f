/**
 * A hyphenated term of a question ("fast-forward", "index-only scan", "module-assistant") names one thing: its
 * parts apart ("fast" here, "forward" there) do not say it (docs/decisions/132-terms-as-written.md). Said
 * means its parts in a row, hyphenated, spaced ("git rebase" for "git-rebase") or run together, each part
 * as its key in the language ("fast-forwarded" says "fast-forward").
 */
import { covered, keysIn } from "@/server/conversations/rules/grounding";
import { termKey, withoutDiacritics, wordsOf } from "@/server/kernel/language";

/** A run of words joined by hyphens, its first part two characters or more ("e-mail" is one word: terms.ts). */
const COMPOUND = /[\p{L}\p{N}_]{2,}(?:-[\p{L}\p{N}_]+)+/gu;

export interface Compound {
  /** Its parts as written, lower case, without diacritics. */
  parts: string[];
  /** Each part's key in the question's language. */
  keys: string[];
  /** Each part as written, lower case. */
  words: string[];
}

/** The hyphenated terms of a question. */
export function compoundsOf(question: string, language: string | null | undefined): Compound[] {
  return [...question.normalize("NFC").toLowerCase().matchAll(COMPOUND)].map(([text]) => {
    const written = text.split("-");
    return { parts: written.map(withoutDiacritics), keys: written.map((p) => termKey(p, language)), words: written };
  });
}

/**
 * Whether a text read in `language` (its passage's) says the compound: its parts' keys in a row (each under its
 * key in the question's language or in the text's: grounding.ts keysIn), or one word that is its parts run
 * together.
 */
export function saysCompound(compound: Compound, text: string, language: string | null | undefined): boolean {
  const written = wordsOf(text);
  const joined = compound.parts.join("");
  if (written.some((w) => withoutDiacritics(w).startsWith(joined))) return true;
  // Keyed as written, as the question's parts are (a stemmer reads "après" and "apres" apart: "apres", "apre").
  const keys = written.map((w) => termKey(w, language));
  const wanted = compound.keys.map((key, j) => keysIn([key, compound.words[j]!], language));
  // Each part as grounding meets a term (grounding.ts covered: a longer form, a typo).
  const meets = (part: string[], at: number) => part.some((k) => k === keys[at] || covered(k, new Set([keys[at]!])));
  for (let i = 0; i + wanted.length <= keys.length; i++) if (wanted.every((k, j) => meets(k, i + j))) return true;
  return false;
}
