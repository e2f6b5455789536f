/**
 * What analytics reads from a conversation: the sentiment of the visitor's
 * messages (AFINN scores of the `sentiment` package) and a category (the
 * question's dominant keyword, as the question themes name it).
 */
import Sentiment from "sentiment";
import { keywords } from "@/server/analytics";

export type SentimentLabel = "positive" | "neutral" | "negative";

const analyzer = new Sentiment();

export function sentimentOf(text: string): SentimentLabel {
  const { score } = analyzer.analyze(text);
  return score > 0 ? "positive" : score < 0 ? "negative" : "neutral";
}

/** The category of a conversation from its first question: its first keyword, capitalised; null for small talk. */
export function categoryOf(question: string): string | null {
  const first = [...keywords(question).values()][0];
  return first ? first[0]!.toUpperCase() + first.slice(1) : null;
}

/** `fallback_excluded_topics`: comma or newline separated; a topic matches when all its keywords are in the question. */
export function isExcludedTopic(question: string, excluded: string | null): boolean {
  if (!excluded?.trim()) return false;
  const asked = new Set(keywords(question).keys());
  return excluded
    .split(/[,\n;]/)
    .map((t) => [...keywords(t).keys()])
    .some((keys) => keys.length > 0 && keys.every((k) => asked.has(k)));
}
