/**
 * Answer shaping (docs/decisions/022-generation-keys-and-extractive-answers.md): no answer is longer than the workspace's
 * `response_token_limit` plus a small allowance to finish the last sentence.
 * Tokens are counted with the o200k ranks shipped in js-tiktoken.
 *
 * The rule, on both paths (extractive and generated, streamed or not):
 *  - within the limit: the whole text;
 *  - else the text up to the latest sentence end within limit + allowance
 *    (allowance = the smaller of 10 % of the limit and 30 tokens) that keeps
 *    what was already streamed (`keepChars`);
 *  - no such sentence end: cut at the last word within the limit, plus "…".
 */
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";

let encoder: Tiktoken | undefined;
const tokenizer = () => (encoder ??= new Tiktoken(o200k));

export function countTokens(text: string): number {
  return tokenizer().encode(text).length;
}

export function allowanceFor(limit: number): number {
  return Math.min(Math.ceil(limit * 0.1), 30);
}

const SENTENCE_END = /[.!?…。](?:["'”’)\]]*)(?=\s|$)|\n/g;

/** Character offsets just after each sentence end. */
function sentenceEnds(text: string): number[] {
  return [...text.matchAll(SENTENCE_END)].map((m) => m.index + m[0].length);
}

/** The longest prefix of `text` of at most `max` tokens (no broken characters). */
function prefixWithin(text: string, max: number): string {
  const tokens = tokenizer().encode(text);
  if (tokens.length <= max) return text;
  return tokenizer().decode(tokens.slice(0, max)).replace(/\uFFFD+$/u, "");
}

export function shapeAnswer(text: string, limit: number | null, opts: { keepChars?: number } = {}): string {
  const keep = opts.keepChars ?? 0;
  if (limit === null || countTokens(text) <= limit) return text;
  const hardMax = limit + allowanceFor(limit);
  const window = prefixWithin(text, hardMax);
  const ends = sentenceEnds(window).filter((end) => end >= keep && end > 0);
  for (let i = ends.length - 1; i >= 0; i--) {
    const candidate = text.slice(0, ends[i]).trimEnd();
    if (candidate.length >= keep && countTokens(candidate) <= hardMax) return candidate;
  }
  const within = prefixWithin(text, limit - 1);
  const lastSpace = within.search(/\s\S*$/);
  const cut = lastSpace > Math.max(keep - 1, 0) ? within.slice(0, lastSpace) : within;
  return `${cut.trimEnd()}…`;
}

/**
 * Shaping while streaming: `push` returns the text that may be forwarded now
 * (whole words that fit in the limit: none of it will be taken back),
 * `overflowing` says when the provider may stop, `finish` returns the rest so
 * that everything forwarded equals the shaped answer.
 */
export class StreamShaper {
  private total = "";
  private sent = 0;
  constructor(private readonly limit: number | null) {}

  push(delta: string): string {
    this.total += delta;
    if (this.limit === null) return this.forwardUpTo(this.total.length);
    if (this.total.length <= this.limit) return this.forwardUpTo(this.lastWordEnd());
    if (this.overflowing) return "";
    const safe = this.lastWordEnd();
    if (safe > this.sent && countTokens(this.total.slice(0, safe)) < this.limit) return this.forwardUpTo(safe);
    return "";
  }

  /** Past limit + allowance: nothing more can be used. */
  get overflowing(): boolean {
    return this.limit !== null && this.total.length > this.limit + allowanceFor(this.limit) && countTokens(this.total) > this.limit + allowanceFor(this.limit);
  }

  finish(): { content: string; rest: string } {
    const content = shapeAnswer(this.total, this.limit, { keepChars: this.sent });
    const rest = content.slice(this.sent);
    this.sent = content.length;
    return { content, rest };
  }

  private lastWordEnd(): number {
    const m = /\s\S*$/.exec(this.total);
    return m ? m.index : this.sent;
  }

  private forwardUpTo(end: number): string {
    if (end <= this.sent) return "";
    const out = this.total.slice(this.sent, end);
    this.sent = end;
    return out;
  }
}
