import { TERM_SEPARATOR } from "@/server/training/extraction/html-blocks";
import { HEADING_MARK } from "@/server/training/retrieval/passages";

/**
 * The terms a passage *defines* (docs/decisions/085-defining-passages-are-candidates.md): the identifier each
 * of its headings — a `<dt>` term is a heading (extraction/html-blocks.ts) — declares, as a key compared with the
 * question's keys. A passage whose key is asked joins the search's candidates whatever its text's score, and
 * ranks higher (sql.ts SEARCH), so the page that defines a term beats the pages that mention it.
 *
 * A key is an identifier's last dotted part, lower case, underscores kept (`__setitem__` is not `setitem`):
 * `object.__enter__(self)` → `__enter__`, `loop.connect_read_pipe(protocol_factory, pipe)` → `connect_read_pipe`,
 * `int PyType_Ready(PyTypeObject *type)` → `pytype_ready`, `logging — Logging facility for Python` → `logging`.
 */
const IDENTIFIER = /^[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)*$/u;
const IDENTIFIERS = /[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)*/gu;
/** Words before a declared name are a declaration's lower-case keywords and types (`class`, `coroutine`, `const char`). */
const DECLARATION_WORD = /^[a-z][a-z0-9_]*$/;
/** A declaration is short: its keywords and the name ("abstractmethod coroutine loop.create_server"). */
const MAX_DECLARATION_WORDS = 4;
/** Keys of one or two letters say nothing (`a`, `x`). */
const MIN_KEY_LENGTH = 2;

/** An identifier's key: its last dotted part, lower case ("" when too short). */
export function termKey(identifier: string): string {
  const key = (identifier.split(".").at(-1) ?? "").toLowerCase();
  return key.length >= MIN_KEY_LENGTH ? key : "";
}

/**
 * The key of the name a heading declares, or "" for a heading that declares none (prose: "Objects, values
 * and types"). The name is the heading's only word, or the last word of a short declaration whose other
 * words are lower-case keywords or types, or a code-like last word (dotted, with an underscore, CamelCase,
 * CAPITALS). A call signature, a "— description", pointer and decorator marks and pilcrows are left out.
 */
export function definedKey(heading: string): string {
  const declaration = declarationOf(heading);
  const words = declaration.split(/[\s*&@]+/).filter(Boolean);
  const name = words.at(-1);
  if (!name || !IDENTIFIER.test(name) || words.length > MAX_DECLARATION_WORDS) return "";
  const codeLike = name.includes(".") || name.includes("_") || /\p{Ll}\p{Lu}/u.test(name) || /^\p{Lu}[\p{Lu}\p{N}]+$/u.test(name);
  if (words.length === 1 || codeLike || words.slice(0, -1).every((w) => DECLARATION_WORD.test(w))) return termKey(name);
  return "";
}

/** A heading without its call signature, "— description", value and pilcrows: what it names. */
function declarationOf(heading: string): string {
  return heading
    .replace(/[¶#]/g, " ")
    .replace(/\s*[([].*$/s, "")
    .split(/\s+[—–-]\s+/)[0]!
    .replace(/\s*=.*$/s, "");
}

/** The headings a passage defines by: its own last one (the page's title under none) and those inside its text, each term of a joined heading. */
function definingHeadings(headingPath: readonly string[], content: string, title: string): string[] {
  const headings = [headingPath.at(-1) ?? title];
  for (const paragraph of content.split(/\n\s*\n/)) if (paragraph.startsWith(HEADING_MARK)) headings.push(paragraph.slice(HEADING_MARK.length));
  return headings.flatMap((h) => h.split(TERM_SEPARATOR));
}

/**
 * The keys a passage defines: its own last heading's — the page's title for the opening passages, under no
 * heading (`logging — Logging facility for Python`) — and those of the headings met inside its text (each
 * term of a heading that joins several, TERM_SEPARATOR), each once.
 */
export function passageDefines(headingPath: readonly string[], content: string, title = ""): string[] {
  return [...new Set(definingHeadings(headingPath, content, title).map(definedKey).filter(Boolean))];
}

/**
 * Multi-word terms are keys as a whole (docs/decisions/116-passages-in-their-own-language.md): a glossary's
 * `<dt>stash entry</dt>` defines "stash entry", which "Tell me about stash entry." asks, where its key alone
 * ("entry") is one word of many. A phrase key is a term's words, lower case, one space apart.
 */
export const PHRASE_WORDS = { min: 2, max: 3 } as const;
const WORD = /[\p{L}\p{N}_]+/gu;

/** The phrase key of a short multi-word text ("remote-tracking branch" → "remote tracking branch"), or "". */
export function phraseKey(text: string): string {
  const words = text.toLowerCase().match(WORD) ?? [];
  return words.length >= PHRASE_WORDS.min && words.length <= PHRASE_WORDS.max ? words.join(" ") : "";
}

/** The multi-word terms a passage's defining headings name (passageDefines' headings, as phrase keys), each once. */
export function passagePhrases(headingPath: readonly string[], content: string, title = ""): string[] {
  return [...new Set(definingHeadings(headingPath, content, title).map((h) => phraseKey(declarationOf(h))).filter(Boolean))];
}

/** The phrase keys a question could ask: each run of two or three consecutive words, each once. */
export function questionPhrases(query: string): string[] {
  const words = query.normalize("NFKC").toLowerCase().match(WORD) ?? [];
  const phrases = new Set<string>();
  for (let n = PHRASE_WORDS.min; n <= PHRASE_WORDS.max; n++) for (let i = 0; i + n <= words.length; i++) phrases.add(words.slice(i, i + n).join(" "));
  return [...phrases];
}

/**
 * The keys of a question's identifiers and words, each once, with the identifier it was read from
 * ("What is os.path.join?" → what, is, join ← os.path.join): a key weighs in the question as its whole
 * identifier does (sql.ts SEARCH, the definition boost).
 */
export function questionKeyIdentifiers(query: string): Array<[key: string, identifier: string]> {
  const keys = new Map<string, string>();
  for (const [identifier] of query.normalize("NFKC").matchAll(IDENTIFIERS)) {
    const key = termKey(identifier);
    if (key && !keys.has(key)) keys.set(key, identifier);
  }
  return [...keys];
}

/** The keys of a question's identifiers and words ("What is os.path.join?" → what, is, join), each once. */
export function questionKeys(query: string): string[] {
  return questionKeyIdentifiers(query).map(([key]) => key);
}
