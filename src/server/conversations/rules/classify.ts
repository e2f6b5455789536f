/**
 * What analytics reads from a conversation: the sentiment of the visitor's
 * messages (AFINN scores of the `sentiment` package) and a category (the
 * question's first content word, in the question's language: the language
 * toolkit, docs/decisions/115-one-language-toolkit.md).
 */
import Sentiment from "sentiment";
import { questionTerms, termsOf } from "@/server/kernel/language";

export type SentimentLabel = "positive" | "neutral" | "negative";

const analyzer = new Sentiment();

export function sentimentOf(text: string): SentimentLabel {
  const { score } = analyzer.analyze(text);
  return score > 0 ? "positive" : score < 0 ? "negative" : "neutral";
}

/** The category of a conversation from its first question: its first content word, capitalised; null for small talk. */
export function categoryOf(question: string, language: string | null | undefined = "en"): string | null {
  const first = [...questionTerms(question, language).content.values()][0];
  return first ? first[0]!.toUpperCase() + first.slice(1) : null;
}

/** `fallback_excluded_topics`: comma or newline separated; a topic matches when all its words (as keys) are in the question. */
export function isExcludedTopic(question: string, excluded: string | null, language: string | null | undefined = "en"): boolean {
  if (!excluded?.trim()) return false;
  const asked = new Set(termsOf(question, language).keys());
  return excluded
    .split(/[,\n;]/)
    .map((t) => [...termsOf(t, language).keys()])
    .some((keys) => keys.length > 0 && keys.every((k) => asked.has(k)));
}
