import { linkify } from "@/shared/linkify";

/** An answer's text with its links drawn as links (markdown `[label](url)` and bare URLs), never as markdown. */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((piece, i) =>
        piece.kind === "text" ? (
          <span key={i}>{piece.text}</span>
        ) : (
          <a key={i} href={piece.url} target="_blank" rel="noreferrer" className="break-words text-indigo-700 underline hover:text-indigo-900">
            {piece.text}
          </a>
        ),
      )}
    </>
  );
}
