/**
 * An English heading as "How do I …?", by rules: "How to X" → "How do I X?"; a heading that starts with a
 * verb ("Install the package") or its -ing form ("Installing Packages") → "How do I install packages?" for
 * the verbs documentation headings use; another -ing heading → "How do I go about …?"; a noun heading
 * ("The sources.list file") → "How do I use …?" or "How do I work with …?".
 */
const VERBS =
  "access add apply authenticate back build call change check choose clone commit compile configure connect convert copy create customize deal debug define delete deploy disable edit embed enable encrypt execute export extend fetch filter find format generate get handle implement import index insert install list load log maintain make manage map merge migrate modify monitor move open package parse partition pass plan prepare publish pull push query read rebase receive recover register remove rename replicate restore return review run save schedule search secure select send set share sign specify start stop store submit tag test track translate tune update upgrade upload use verify view work write";

/** Verbs whose -ing form doubles the last consonant. */
const DOUBLED = new Set("commit get log map plan run set stop submit tag".split(" "));

/** The -ing form by the regular rules (doubling from the list above, a silent final e dropped). */
const ingOf = (verb: string) => (DOUBLED.has(verb) ? `${verb}${verb.at(-1)}ing` : verb.endsWith("e") && !verb.endsWith("ee") ? `${verb.slice(0, -1)}ing` : `${verb}ing`);

const BASE = new Set(VERBS.split(" "));
const FROM_ING = new Map([...BASE].map((v) => [ingOf(v), v]));

/** The first letter lowered when the first word is a plain capitalized word ("A", "This"), not a name like "APT" or "PostgreSQL". */
export const lowerFirst = (s: string) => (/^\p{Lu}\p{Ll}*(?=[\s,]|$)/u.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);

export function howToEnglish(heading: string, pick: <T>(xs: T[]) => T): { id: string; question: string } {
  const h = heading.replace(/[.:?!]+$/, "").trim();
  const howTo = /^how (?:to|do I|can I) (.+)$/i.exec(h);
  if (howTo) return { id: "how-to", question: `How do I ${howTo[1]}?` };
  const [first = "", ...rest] = h.split(" ");
  const word = first.toLowerCase();
  const tail = rest.length ? ` ${rest.map((w) => lowerFirst(w)).join(" ")}` : "";
  // "Use of contextvars", "Set of rules": a noun, not a verb.
  const verbLike = !/^(?:of|for|in|and|with|to|by|on|as|is|are|cases?)$/i.test(rest[0] ?? "");
  if (BASE.has(word) && verbLike) return { id: "how-verb", question: `How do I ${word}${tail}?` };
  if (FROM_ING.has(word) && verbLike) return { id: "how-ing", question: `How do I ${FROM_ING.get(word)}${tail}?` };
  if (/^\p{L}{3,}ing$/u.test(word)) return { id: "how-go-about", question: `How do I go about ${lowerFirst(h)}?` };
  const framing = pick([
    { id: "how-use", make: (x: string) => `How do I use ${x}?` },
    { id: "how-work-with", make: (x: string) => `How do I work with ${x}?` },
  ]);
  return { id: framing.id, question: framing.make(h.split(" ").map(lowerFirst).join(" ")) };
}
