/**
 * The language a text is written in, as an ISO 639-1 code (docs/decisions/116-passages-in-their-own-language.md):
 * a page's when it declares none (its `lang`, its Content-Language), and a visitor's question's.
 *
 * The detector is ELD (`eld`, its smallest n-gram database): of the maintained pure-JavaScript detectors it
 * was the most accurate on short texts — questions and headings of real manuals in en, de, fr, es, it, nl
 * and pt — at under a millisecond a question (franc-min and tinyld fell well behind on a short question),
 * and it names 60 languages by their ISO 639-1 code. It loads once per process (~0.5 s, ~30 MB).
 */
import { eld } from "eld/extrasmall";
import { framingWordsOf, QUESTION_LANGUAGES } from "./framing";
import { stopWordsOf } from "./stop-words";
import { wordsOf } from "./terms";

/**
 * A hint (the chatbot's `default_language`) wins when the text scores at least this share of the best
 * language's score for it: on a one-line question two related languages often score alike ("Cosa fa git
 * rebase?" is Catalan by a hair), and the chatbot's own language is then the better guess. A question
 * plainly in another language still reads as that language.
 */
export const HINT_SHARE = 0.9;

/** Characters read of a long text (a page): far more than a sure answer needs, and bounded work. */
export const SAMPLE_CHARS = 4000;

/** An ISO 639-1 code from a language tag ("de-DE", "pt_BR", "EN" → "de", "pt", "en"); null for anything else. */
export function languageCode(tag: string | null | undefined): string | null {
  const primary = (tag ?? "").trim().toLowerCase().split(/[-_\s,;]/)[0] ?? "";
  return /^[a-z]{2}$/.test(primary) ? primary : null;
}

/**
 * The language of `text` (ISO 639-1), or `hint` when the text does not tell it apart (too short, only
 * names and numbers, or the hint scores nearly as well); null when neither says.
 */
export function detectLanguage(text: string, hint?: string | null): string | null {
  return readLanguage(text, hint) ?? languageCode(hint);
}

/**
 * The language `text` tells by itself (ISO 639-1), or null when it tells none — too short, only names, numbers,
 * code — whatever the hint: the hint only wins a close call between languages the text does read as.
 */
export function readLanguage(text: string, hint?: string | null): string | null {
  const preferred = languageCode(hint);
  const result = eld.detect(text.length > SAMPLE_CHARS ? text.slice(0, SAMPLE_CHARS) : text);
  const best = result.language;
  if (!best || !result.isReliable()) return null;
  if (preferred && preferred !== best) {
    const scores = result.getScores();
    if ((scores[preferred] ?? 0) >= HINT_SHARE * (scores[best] ?? 0)) return preferred;
  }
  return best;
}

/** How many of a text's words frame a question in a language: its stop words and its framing words (interrogatives, auxiliaries, requests). */
function framingWordCount(words: string[], language: string): number {
  const stop = stopWordsOf(language);
  const framing = new Set(framingWordsOf(language));
  return words.filter((w) => stop.has(w) || framing.has(w)).length;
}

/**
 * The language a visitor's question is read in: the detector's (the chatbot's language the hint and the
 * fallback) — unless more of the question's words frame a question in the hint's language than in the detected one.
 * A short question whose subject is a name reads as the name's language, or any ("Puoi spiegare source-highlight?"
 * as English, "Cosa fa rescue/enable?" as Catalan); its framing words say how it was asked
 * (docs/decisions/151-a-question-is-read-in-the-language-it-is-asked-in.md).
 */
export function questionLanguageOf(question: string, hint: string | null | undefined): string | null {
  const detected = detectLanguage(question, hint);
  const preferred = languageCode(hint);
  if (!detected || !preferred || detected === preferred || !QUESTION_LANGUAGES.includes(preferred)) return detected;
  const words = wordsOf(question);
  return framingWordCount(words, preferred) > framingWordCount(words, detected) ? preferred : detected;
}
