/**
 * An answer's text as plain text and links: markdown links `[label](url)` and
 * bare http(s) URLs (without trailing punctuation). Anything else stays text —
 * answers are never rendered as HTML.
 */
export type Piece = { kind: "text"; text: string } | { kind: "link"; text: string; url: string };

const PATTERN = /\[([^\]\n]{1,200})\]\((https?:\/\/[^\s)]+)\)|(https?:\/\/[^\s<>()"']+[^\s<>()"'.,;:!?])/g;

export function linkify(content: string): Piece[] {
  const pieces: Piece[] = [];
  let last = 0;
  for (const match of content.matchAll(PATTERN)) {
    const start = match.index;
    if (start > last) pieces.push({ kind: "text", text: content.slice(last, start) });
    if (match[2]) pieces.push({ kind: "link", text: match[1]!, url: match[2] });
    else pieces.push({ kind: "link", text: match[3]!, url: match[3]! });
    last = start + match[0].length;
  }
  if (last < content.length) pieces.push({ kind: "text", text: content.slice(last) });
  return pieces;
}

/**
 * The text a screen reader is given for an answer (the widget's live region): link labels instead of
 * markdown, and a bare URL as "a link to <host>" (`linkTo`, in the reader's language) — never the URL read
 * aloud character by character.
 */
export function spokenText(content: string, linkTo = (host: string) => `a link to ${host}`): string {
  return linkify(content)
    .map((p) => (p.kind === "text" ? p.text : p.text === p.url ? linkTo(new URL(p.url).host) : p.text))
    .join("");
}
