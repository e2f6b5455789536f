/**
 * A paragraph's sentences, per language (docs/decisions/115-one-language-toolkit.md). The runtime's own
 * Unicode sentence segmentation (Intl.Segmenter: ICU's rules) keeps decimals, versions and dotted names
 * whole ("3.5 GB", "v2.1", "os.path.join()"), and knows ¿…? ¡…! «…» and quotes; what it does not know is
 * abbreviations ("e.g. The", "z.B. Der", "Dr. Smith"), so a segment ending in one of the language's
 * abbreviations, or in an initial, runs on into the next.
 */
import { BoundedMemo } from "@/server/kernel/lib/bounded-memo";
import { primaryLanguage } from "./languages";

/**
 * Abbreviations after which a sentence goes on (lower case, with their dots, comma-separated), per language; `en` applies to
 * every language. Those that often end a sentence ("etc.", "usw.", "no.") are not listed.
 */
const ABBREVIATIONS: Record<string, string> = {
  en: "e.g., i.e., cf., vs., approx., incl., esp., fig., figs., vol., pp., p., ch., sec., dr., mr., mrs., ms., prof., st., jr., sr., inc., ltd., co., resp.",
  de: "z.b., z. b., d.h., d. h., u.a., u. a., bzw., ca., vgl., nr., s., abs., bspw., ggf., evtl., inkl., sog., dr., hr., fr.",
  fr: "p.ex., p. ex., c.-à-d., cf., env., mme., mlle., n°., no., p., ch., éd., vol.",
  es: "p.ej., p. ej., ej., pág., págs., sr., sra., srta., dr., dra., ud., uds., núm., cap., vol., aprox.",
  it: "ad es., es., pag., pagg., sig., sig.ra, dott., cap., vol., n., ca.",
  nl: "bijv., bv., d.w.z., o.a., m.b.t., nr., blz., dhr., mevr., ca., vgl.",
  pt: "p.ex., p. ex., ex., pág., págs., sr., sra., dr., dra., nº., cap., vol., aprox.",
};

/** A segment ending in a one-letter word with a dot: an initial ("J. Smith") or part of one ("z. B."). */
const INITIAL = /(?:^|[\s(])\p{L}\.$/u;

const segmenters = new Map<string, Intl.Segmenter>();
const abbreviationLists = new Map<string, string[]>();

function abbreviationsOf(code: string): string[] {
  let list = abbreviationLists.get(code);
  if (!list) {
    list = [ABBREVIATIONS.en!, code === "en" ? "" : (ABBREVIATIONS[code] ?? "")].flatMap((l) => l.split(", ")).filter(Boolean);
    abbreviationLists.set(code, list);
  }
  return list;
}

function endsInAbbreviation(segment: string, code: string): boolean {
  const tail = segment.trimEnd();
  if (INITIAL.test(tail)) return true;
  const lower = tail.toLowerCase();
  return abbreviationsOf(code).some((a) => lower.endsWith(a) && (lower.length === a.length || /[\s(]/.test(lower[lower.length - a.length - 1]!)));
}

/** Sentences are split again for every answer from the same passages: memoised per paragraph. */
const memo = new BoundedMemo<string, string[]>(5_000);

/** The sentences of one paragraph (whitespace folded), each trimmed; empty ones and lone characters dropped. */
export function sentencesOf(paragraph: string, language: string | null | undefined): string[] {
  const code = primaryLanguage(language) || "en";
  const text = paragraph.replace(/\s+/g, " ").trim();
  const key = `${code}\u0000${text}`;
  const known = memo.get(key);
  if (known) return known;
  let segmenter = segmenters.get(code);
  if (!segmenter) segmenters.set(code, (segmenter = new Intl.Segmenter(code, { granularity: "sentence" })));
  const out: string[] = [];
  let pending = "";
  for (const { segment } of segmenter.segment(text)) {
    // French sets a space before its closing guillemet: "« Bien. »" ends after the », not before it.
    const closing = out.length && !pending ? /^[»”’)\]]+\s*/u.exec(segment)?.[0] : undefined;
    if (closing) out[out.length - 1] += ` ${closing.trim()}`;
    pending += closing ? segment.slice(closing.length) : segment;
    if (endsInAbbreviation(pending, code)) continue;
    if (pending.trim()) out.push(pending.trim());
    pending = "";
  }
  if (pending.trim()) out.push(pending.trim());
  const sentences = out.filter((s) => s.length > 1);
  memo.set(key, sentences);
  return sentences;
}
