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
  const declaration = heading
    .replace(/[¶#]/g, " ")
    .replace(/\s*[([].*$/s, "")
    .split(/\s+[—–-]\s+/)[0]!
    .replace(/\s*=.*$/s, "");
  const words = declaration.split(/[\s*&@]+/).filter(Boolean);
  const name = words.at(-1);
  if (!name || !IDENTIFIER.test(name) || words.length > MAX_DECLARATION_WORDS) return "";
  const codeLike = name.includes(".") || name.includes("_") || /\p{Ll}\p{Lu}/u.test(name) || /^\p{Lu}[\p{Lu}\p{N}]+$/u.test(name);
  if (words.length === 1 || codeLike || words.slice(0, -1).every((w) => DECLARATION_WORD.test(w))) return termKey(name);
  return "";
}

/**
 * The keys a passage defines: its own last heading's — the page's title for the opening passages, under no
 * heading (`logging — Logging facility for Python`) — and those of the headings met inside its text (each
 * term of a heading that joins several, TERM_SEPARATOR), each once.
 */
export function passageDefines(headingPath: readonly string[], content: string, title = ""): string[] {
  const headings = [headingPath.at(-1) ?? title];
  for (const paragraph of content.split(/\n\s*\n/)) if (paragraph.startsWith(HEADING_MARK)) headings.push(paragraph.slice(HEADING_MARK.length));
  return [...new Set(headings.flatMap((h) => h.split(TERM_SEPARATOR)).map(definedKey).filter(Boolean))];
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
