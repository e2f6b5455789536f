/**
 * What an extractive answer may quote, and how it reads (docs/decisions/115-one-language-toolkit.md): a
 * passage's text can carry the markup of its source (a Markdown file's emphasis, links, list bullets, code
 * fences and table borders), and a code block is not a sentence. A quoted sentence is prose with its markup
 * reduced to its words; a line of code, a fence or a table's rule line is not quoted at all. A table row as
 * extraction writes it ("Saturday | 9:00–18:00 | 10:00–17:00") is quoted as it is.
 */

/**
 * An HTML tag: a tag name, then its attributes, `/` or `>`. An address in angle brackets ("Your Name
 * <user@example.org>", `<https://example.org/>`) is no tag: text the page says, kept (docs/decisions/152-packaging-guide-as-tuning-set.md).
 */
const HTML_TAG = /<\/?[a-z][a-z\d-]*(?:\s[^>]*)?\/?>/gi;

/** Markdown and HTML inline markup reduced to its words. */
export function withoutMarkup(sentence: string): string {
  return sentence
    .replace(HTML_TAG, " ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\((?:[^)\s]+)(?:\s+"[^"]*")?\)/g, "$1")
    .replace(/`{1,3}([^`]+)`{1,3}/g, "$1")
    .replace(/`+/g, "")
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, "$2")
    .replace(/(^|[\s(])[*_](?=\S)([^*_]+?)(?<=\S)[*_](?=[\s).,;:!?]|$)/g, "$1$2")
    .replace(/^\s*(?:#{1,6}|>|[-*+•]|\d+[.)])\s+/, "")
    .replace(/^\s*\|\s*|\s*\|\s*$/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** A fence or a line that is mostly code: braces, operators, prompts — no sentence of words. */
const FENCE = /^\s*(?:```|~~~)/;
const PROMPT = /^\s*(?:\$|>>>|\.\.\.|#|%|C:\\>)\s|\s>>>\s/;
/** Characters prose rarely has and code is full of (parentheses and slashes are common in prose: not counted). */
const CODE_CHARACTERS = /[{}[\];=<>\\$^~`]/g;
const CODE_SHARE = 0.06;
/** A Markdown table's rule line ("|---|:---:|"). */
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$/;

export function isQuotable(sentence: string): boolean {
  if (FENCE.test(sentence) || PROMPT.test(sentence) || TABLE_RULE.test(sentence)) return false;
  const text = withoutMarkup(sentence);
  // Two words at least ("Yes." answers nothing), one in a table row ("Saturday | 9:00–18:00").
  const words = text.match(/\p{L}{2,}/gu) ?? [];
  if (words.length < (text.includes(" | ") ? 1 : 2)) return false;
  const symbols = text.match(CODE_CHARACTERS)?.length ?? 0;
  return symbols / text.replace(/\s/g, "").length < CODE_SHARE;
}
