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
const HTML_TAG = /<(\/?)([a-z][a-z\d-]*)(\s[^>]*)?(\/?)>/gi;
/**
 * The elements a Markdown writer puts in text bare (a README's `<br>`, `<b>…`, `<details>`): a tag is removed when it
 * closes (`</b>`), has attributes (`<a href=…>`), closes itself (`<br/>`) or is one of these. Any other word in angle
 * brackets is a placeholder the page writes ("git merge-file … <base-file> … <current-file>", "<head>..<upstream>"):
 * text, kept (docs/decisions/157-placeholders-in-angle-brackets.md).
 */
const BARE_ELEMENTS = new Set(
  "b i em strong u s del ins mark small sub sup tt code kbd span div p br hr wbr center pre blockquote ul ol li table tr td th details summary h1 h2 h3 h4 h5 h6".split(" "),
);
const isTag = (closing: string, name: string, attributes: string | undefined, selfClosing: string) =>
  !!closing || !!attributes?.trim() || !!selfClosing || BARE_ELEMENTS.has(name.toLowerCase());

/** A word in angle brackets that is no tag (isTag): a placeholder, read as its word when counting code characters. */
const PLACEHOLDER = /<([\p{L}][\p{L}\p{N}_.-]*)>/gu;

/** Markdown and HTML inline markup reduced to its words. */
export function withoutMarkup(sentence: string): string {
  return sentence
    .replace(HTML_TAG, (tag, closing: string, name: string, attributes: string | undefined, selfClosing: string) => (isTag(closing, name, attributes, selfClosing) ? " " : tag))
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
  const symbols = text.replace(PLACEHOLDER, "$1").match(CODE_CHARACTERS)?.length ?? 0;
  return symbols / text.replace(/\s/g, "").length < CODE_SHARE;
}
