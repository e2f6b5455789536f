/**
 * Questions asking how to do something ("How do I install packages?", "Wie kann ich Pakete installieren?",
 * "Comment installer un paquet ?"), per language (docs/decisions/115-one-language-toolkit.md). Such a question
 * is answered by a section about the task, not by a sentence that mentions its words in passing; "how does
 * X work?" asks for an explanation and is not one of them.
 */
import { primaryLanguage } from "./languages";

/** An opening of the question (after Spanish ¿ and opening quotes), then a word boundary JavaScript's \b would miss. */
const opening = (source: string) => new RegExp(`^[\\s¿¡"'„“«]*(?:${source})(?![\\p{L}\\p{N}])`, "iu");

const PROCEDURE: Record<string, RegExp> = {
  en: opening("how (?:do|can|could|should|would|may|might|must) (?:i|we|you|one)|how to"),
  de: opening("wie (?:kann|könnte|soll|sollte|muss|darf|kannst|können) (?:ich|man|wir|du)|wie \\p{L}+e ich|wie geht man"),
  fr: opening("comment (?:puis-je|peut-on|dois-je|doit-on|faut-il|je peux|on peut|faire|\\p{L}+(?:er|ir|re))"),
  es: opening("c[oó]mo (?:puedo|se puede|debo|hago|se hace|se \\p{L}+|\\p{L}+(?:ar|er|ir)(?:lo|la|los|las|se)?)"),
  it: opening("come (?:posso|si può|devo|faccio|si fa|si \\p{L}+|\\p{L}+(?:are|ere|ire))"),
  nl: opening("hoe (?:kan|kun|moet|zou|mag) (?:ik|je|u|men|we)|hoe \\p{L}+ ik"),
  pt: opening("como (?:posso|pode-se|devo|faço|se faz|se \\p{L}+|\\p{L}+(?:ar|er|ir))"),
};

/** Whether a question asks how to do something (never for a language without a pattern). */
export function asksHowTo(question: string, language: string | null | undefined): boolean {
  return PROCEDURE[primaryLanguage(language)]?.test(question.normalize("NFC").trim()) ?? false;
}
