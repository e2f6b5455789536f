import { headingParagraph } from "@/server/training/retrieval/passages";
import type { ExtractedDocument } from "@/server/training/extraction/extract";
import { normalizeSpace } from "@/server/training/extraction/html-blocks";
import { loadTokenCounter, type TokenCounter } from "./tokenizer";

export interface Chunk {
  position: number;
  headingPath: string[];
  content: string;
  tokenCount: number;
}

export interface ChunkOptions {
  /** A chunk never exceeds this many tokens. */
  maxTokens: number;
  /** A new heading starts a new chunk once the current one has this many tokens. */
  minTokensAtHeading: number;
  /** Tokens of the previous chunk's tail repeated at the start of the next (only when a section is split). */
  overlapTokens: number;
}

export const DEFAULT_CHUNK_OPTIONS: ChunkOptions = { maxTokens: 450, minTokensAtHeading: 120, overlapTokens: 60 };

interface Piece {
  headingPath: string[];
  text: string;
  tokens: number;
  /** The last piece of an index-like page's own opening (ExtractedDocument.opening): its chunk ends with it. */
  ends?: boolean;
}

const SENTENCE_END = /(?<=[.!?…:;])\s+(?=["'“‘(\[]?[\p{Lu}\p{N}•])/u;

/**
 * Runs of 80 or more letters and digits without a break (base64, hashes,
 * minified code) are left out: no visitor searches for them, and BPE is
 * quadratic in a run's length (a 200 kB blob would take minutes to count).
 */
const LONG_RUN = /[\p{L}\p{N}]{80,}/gu;
const LONG_RUN_LENGTH = 80;

/**
 * False when `text` cannot hold a LONG_RUN: no 80 UTF-16 units in a row that could be letters or digits (an
 * ASCII character other than a letter or digit ends a run; any other unit might be part of one, and an
 * astral letter counts two here, one in the pattern — so this errs only towards running the pattern).
 */
function mayHoldLongRun(text: string): boolean {
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128 && !((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57))) run = 0;
    else if (++run >= LONG_RUN_LENGTH) return true;
  }
  return false;
}

function breakLongRuns(text: string): string {
  // Most blocks hold no run (or are shorter than one), and most have no double space: the same result
  // without the regexes.
  const broken = mayHoldLongRun(text) ? text.replace(LONG_RUN, " ") : text;
  return (broken.includes("  ") ? broken.replace(/ {2,}/g, " ") : broken).trim();
}

/**
 * Packs parts (sentences, words) into pieces of at most `max` tokens. Token
 * counts are added up part by part (o200k splits text at spaces before
 * encoding, so the sum matches to within a token or two; chunkBlocks keeps a
 * margin), which keeps this linear in the text's length.
 */
function pack(parts: string[], max: number, count: TokenCounter): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let tokens = 0;
  for (const part of parts) {
    const n = count(` ${part}`);
    if (current.length > 0 && tokens + n > max) {
      out.push(current.join(" "));
      current = [];
      tokens = 0;
    }
    current.push(part);
    tokens += n;
  }
  if (current.length > 0) out.push(current.join(" "));
  return out;
}

/** A "word" longer than a chunk (a URL of a thousand path segments): cut by characters. */
function hardSplit(text: string, max: number, count: TokenCounter): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest) {
    let size = Math.min(rest.length, max * 2);
    while (size > 1 && count(rest.slice(0, size)) > max) size = Math.floor(size / 2);
    out.push(rest.slice(0, size));
    rest = rest.slice(size);
  }
  return out;
}

/** A block too long for one chunk is cut at sentence ends, and a sentence too long at word boundaries. */
function splitLong(text: string, max: number, count: TokenCounter): string[] {
  if (count(text) <= max) return [text];
  const words = (sentence: string) => sentence.split(" ").flatMap((w) => (count(w) <= max ? [w] : hardSplit(w, max, count)));
  const sentences = text.split(SENTENCE_END).flatMap((s) => (count(s) <= max ? [s] : pack(words(s), max, count)));
  return pack(sentences, max, count);
}

/** The last sentences of a text, up to `budget` tokens: repeated so a fact cut at a chunk boundary keeps its context. */
function tail(text: string, budget: number, count: TokenCounter): string {
  const sentences = text.split(SENTENCE_END);
  let out = "";
  for (let i = sentences.length - 1; i >= 0; i--) {
    const next = out ? `${sentences[i]} ${out}` : (sentences[i] ?? "");
    if (count(next) > budget) break;
    out = next;
  }
  return out;
}

const samePath = (a: string[], b: string[]) => a.length === b.length && a.every((h, i) => h === b[i]);

/**
 * Cuts a document into chunks of at most `maxTokens`, at heading and paragraph
 * boundaries. A chunk's heading path is that of its first block; a heading met
 * inside a chunk is written into its text as a paragraph of its own, marked
 * as a heading (headingParagraph): its words stay searchable, and the answer
 * steps read it as the context of what follows, not as a sentence.
 * Pure given the token counter (unit tested).
 */
export function chunkBlocks(doc: ExtractedDocument, count: TokenCounter, options: ChunkOptions = DEFAULT_CHUNK_OPTIONS): Chunk[] {
  const { maxTokens, minTokensAtHeading, overlapTokens } = options;
  const pieceMax = Math.floor(maxTokens * 0.95) - overlapTokens;
  const pieces: Piece[] = [];
  const opening = doc.opening?.text;
  for (const b of doc.blocks) {
    // Each block's text is cleaned and counted once (most blocks are one piece): counting is chunking's cost.
    const text = breakLongRuns(b.text);
    if (!text) continue;
    const tokens = count(text);
    if (tokens <= pieceMax) pieces.push({ headingPath: b.headingPath, text, tokens });
    else for (const part of splitLong(text, pieceMax, count)) pieces.push({ headingPath: b.headingPath, text: part, tokens: count(part) });
    // An index-like page's opening is a passage apart from its lists of links, which weigh as an index
    // (docs/decisions/165-an-index-pages-own-opening.md).
    if (opening !== undefined && normalizeSpace(b.text) === opening) pieces[pieces.length - 1]!.ends = true;
  }

  const chunks: Chunk[] = [];
  let parts: string[] = [];
  let path: string[] = [];
  let lastPath: string[] = [];
  let tokens = 0;

  const close = () => {
    if (parts.length === 0) return;
    const content = parts.join("\n\n");
    chunks.push({ position: chunks.length, headingPath: path, content, tokenCount: count(content) });
    parts = [];
    tokens = 0;
  };

  for (const piece of pieces) {
    const newSection = !samePath(piece.headingPath, lastPath);
    const heading = newSection && parts.length > 0 ? piece.headingPath.at(-1) : undefined;
    const headingTokens = heading ? count(heading) + 1 : 0;
    if (parts.length > 0 && newSection && tokens >= minTokensAtHeading) {
      close();
    } else if (parts.length > 0 && tokens + headingTokens + piece.tokens + 2 > maxTokens) {
      const previous = parts[parts.length - 1] ?? "";
      close();
      // Same section continues in a new chunk: carry the end of the previous one over.
      const carried = newSection ? "" : tail(previous, overlapTokens, count);
      if (carried && count(carried) + piece.tokens + 2 <= maxTokens) {
        parts.push(carried);
        tokens = count(carried);
        path = piece.headingPath;
      }
    }
    if (parts.length === 0) {
      path = piece.headingPath;
    } else if (newSection && piece.headingPath.length > 0) {
      const h = headingParagraph(piece.headingPath.at(-1) ?? "");
      parts.push(h);
      tokens += count(h) + 1;
    }
    parts.push(piece.text);
    tokens += piece.tokens + 2;
    lastPath = piece.headingPath;
    if (piece.ends) close();
  }
  close();
  return chunks;
}

/** Chunks with o200k token counts (the tokenizer is loaded once, on first use). */
export async function chunkDocument(doc: ExtractedDocument, options?: ChunkOptions): Promise<Chunk[]> {
  return chunkBlocks(doc, await loadTokenCounter(), options);
}
