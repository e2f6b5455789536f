import type { Tiktoken } from "js-tiktoken/lite";
import { BoundedMemo } from "@/server/kernel/lib/bounded-memo";

export type TokenCounter = (text: string) => number;

let loading: Promise<TokenCounter> | null = null;

/** Distinct pre-tokens remembered; past this the oldest make room (bounded memory for any crawl). */
const MEMO_SIZE = 100_000;
/** Longer pre-tokens (rare: long numbers are split in threes, words are short) are not remembered. */
const MEMO_MAX_LENGTH = 48;

/**
 * o200k_base token counts. The ranks (a few MB shipped inside js-tiktoken) are
 * loaded on first use and once per process, so importing this module is free.
 */
export function loadTokenCounter(): Promise<TokenCounter> {
  loading ??= (async () => {
    const [{ Tiktoken: Encoder }, { default: ranks }] = await Promise.all([
      import("js-tiktoken/lite"),
      import("js-tiktoken/ranks/o200k_base"),
    ]);
    return memoizedCounter(new Encoder(ranks), ranks.pat_str);
  })();
  return loading;
}

/**
 * Counts like `encoder.encode(text).length`, but per pre-token with a memo.
 * Tiktoken first splits text with its pattern and byte-pair-encodes each
 * piece on its own, so the count of a text is the sum of its pieces' counts;
 * a piece matched on its own is matched whole again (the pattern's only
 * look-ahead, `\s+(?!\S)`, succeeds at the end of the string), so the sum is
 * exact. Words repeat (Zipf), so most pieces are a Map lookup instead of a
 * BPE run: chunking a page counts its text several times. Special-token text
 * (`<|endoftext|>`) counts as ordinary text instead of throwing.
 */
export function memoizedCounter(encoder: Tiktoken, pattern: string): TokenCounter {
  const memo = new BoundedMemo<string, number>(MEMO_SIZE);
  const splitter = new RegExp(pattern, "gu");
  const countPiece = (piece: string): number => {
    const known = memo.get(piece);
    if (known !== undefined) return known;
    const n = encoder.encode(piece, [], []).length;
    if (piece.length <= MEMO_MAX_LENGTH) memo.set(piece, n);
    return n;
  };
  // `match` on the global pattern lists the same pieces as `matchAll` (the pattern never matches empty)
  // without a match object per piece: ~12 % less time counting.
  return (text: string) => {
    let total = 0;
    for (const piece of text.match(splitter) ?? []) total += countPiece(piece);
    return total;
  };
}
