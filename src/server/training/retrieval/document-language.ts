import { languageCode, readLanguage, SAMPLE_CHARS } from "@/server/kernel/language/detect";
import { documentText, type ExtractedDocument } from "@/server/training/extraction/extract";

/**
 * The language a document's passages are indexed in, ISO 639-1 (docs/decisions/116-passages-in-their-own-language.md):
 * the one it declares (`<html lang>`, Content-Language), else the one its text is written in, else the
 * chatbot's `default_language` ("" when that is no language code either: stemmed as `simple`).
 */
export function documentLanguage(document: ExtractedDocument, chatbotLanguage: string | null | undefined): string {
  return languageCode(document.language) ?? textLanguage(readText(document), chatbotLanguage) ?? languageCode(chatbotLanguage) ?? "";
}

/**
 * The language a passage (a chunk of a page) is indexed in, ISO 639-1: the one its own text reads as (readLanguage,
 * the page's language the hint: it wins a close call), else — a passage too short, or of names, numbers, code, that
 * tells no language by itself — its page's (documentLanguage: declared, else read, else the chatbot's). A translated
 * page keeps paragraphs of its original untranslated, and an original quotes others' (a licence, a translated notice):
 * each passage is stemmed as what it is written in, not as most of its page
 * (docs/decisions/144-passages-in-their-own-language.md).
 */
export function passageLanguage(text: string, pageLanguage: string): string {
  return readLanguage(text, pageLanguage) ?? pageLanguage;
}

/**
 * The rule a source's passages were read by (`sources.passage_reading`, written by every indexing): 1, each in its
 * page's language (records 116–143); 2, each in its own (passageLanguage, record 144); 3, the same, its tsvector
 * built from its words without typographic punctuation (retrieval/sql.ts SEARCHED_TEXT, record 164). Raise it with
 * a change of passageLanguage or of how a passage is indexed, and the `reread_passages` job reads every source
 * indexed by an earlier rule again by the new one, with no training (docs/decisions/149-passages-read-again.md).
 */
export const PASSAGE_READING = 3;

/** The first reading whose tsvectors were built from the searched text (SEARCHED_TEXT): below it, every passage is written again. */
export const SEARCHED_TEXT_READING = 3;

/** The text an undeclared document's language is read from: its title and its text. */
const readText = (document: ExtractedDocument) => `${document.title}\n\n${documentText(document)}`;

/** Windows a long page's language is read in, spread over its text. */
export const SAMPLE_WINDOWS = 4;

/**
 * A long text's windows for detection: SAMPLE_WINDOWS of them spread evenly over it, SAMPLE_CHARS in all, each
 * from a word's start; a short text is one window.
 */
export function sampleWindows(text: string): string[] {
  if (text.length <= SAMPLE_CHARS) return [text];
  const width = Math.floor(SAMPLE_CHARS / SAMPLE_WINDOWS);
  const step = (text.length - width) / (SAMPLE_WINDOWS - 1);
  const windows: string[] = [];
  for (let i = 0; i < SAMPLE_WINDOWS; i++) {
    let start = Math.round(i * step);
    if (start > 0) start = text.indexOf(" ", start) + 1 || start;
    windows.push(text.slice(start, start + width));
  }
  return windows;
}

/**
 * The language most of a text's windows are written in (a tie: the chatbot's when it is one of them, else the
 * earliest window's). Its beginning alone can be the one part in another language — a translated licence whose
 * notice stays English, a chapter opening with an untranslated table — and the whole page is indexed in what
 * this reads (docs/decisions/136-anchors-and-answer-words.md). A window that tells no language by itself — a table of
 * version numbers and dates, an index of names, a code listing — does not vote: voting the chatbot's language, such
 * windows outvoted an English page's prose on a German chatbot (docs/decisions/142-windows-that-tell-no-language.md).
 * The chatbot's language still wins a window's close call, breaks a tie, and is the page's when no window votes
 * (documentLanguage).
 */
function textLanguage(text: string, hint: string | null | undefined): string | null {
  const votes = new Map<string, number>();
  for (const language of windowLanguages(text, hint)) if (language) votes.set(language, (votes.get(language) ?? 0) + 1);
  const most = Math.max(0, ...votes.values());
  const tied = [...votes].filter(([, n]) => n === most).map(([language]) => language);
  const preferred = languageCode(hint);
  return preferred && tied.includes(preferred) ? preferred : (tied[0] ?? null);
}

/** What each window of a text reads as (null: it tells no language by itself, and does not vote). */
function windowLanguages(text: string, hint: string | null | undefined): Array<string | null> {
  return sampleWindows(text).map((window) => readLanguage(window, hint));
}

/**
 * The votes an undeclared document's language is chosen by, one a window (`npm run bench -- page-languages` counts
 * the windows read as another language than the page's: how close a page came to being indexed in it).
 */
export function documentWindowLanguages(document: ExtractedDocument, chatbotLanguage: string | null | undefined): Array<string | null> {
  return windowLanguages(readText(document), chatbotLanguage);
}
