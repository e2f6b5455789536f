/**
 * A visitor asking, in words, for a person from the team instead of the bot ("Can I talk to a human?",
 * "Puis-je parler à quelqu'un ?", "¿Puedo hablar con una persona?"), in each language with question
 * vocabulary (docs/decisions/115-one-language-toolkit.md). The handoff and the escalation rules ask this one
 * place (docs/decisions/128-the-dashboard-as-people-use-it.md).
 *
 * A request is a verb of talking and a word for a person joined by the language's "to / with" ("talk to a
 * person", "mit einem Menschen sprechen"), or a "real person": a person named without a verb of talking
 * ("how many people fit", "human resources") or a talk about something ("parler de la personne") is not one.
 */

/** Alternatives as whole words (JavaScript's \b only knows ASCII letters). */
const words = (alternatives: string) => `(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`;
const re = (source: string) => new RegExp(source, "iu");
/** Up to `n` words in between ("parler directement à", "with a real"). */
const gap = (n: number) => `(?:\\s+[\\p{L}'’-]+){0,${n}}`;

/** Verb, then "to / with", then (an article, an adjective) a person: the usual order of the Romance languages and English. */
const verbFirst = (verbs: string, withWord: string, people: string) => re(`${words(verbs)}${gap(1)}\\s+${words(withWord)}${gap(2)}\\s*${words(people)}`);
/** "with" a person, then the verb at the end: German and Dutch main-clause order ("mit einem Menschen sprechen"). */
const verbLast = (withWord: string, people: string, verbs: string) => re(`${words(withWord)}${gap(2)}\\s+${words(people)}${gap(2)}\\s+${words(verbs)}`);

const PERSON_REQUESTS: Record<string, RegExp[]> = {
  en: (() => {
    const human = "(?:human|person|people|agent|representative|rep|operator|someone|somebody|staff|team|manager|support)";
    return [
      new RegExp(`\\b(?:talk|speak|chat|connect|transfer|put)\\b(?:\\s+me)?\\s+(?:to|with|through to)\\s+(?:a|an|the|some|your|real|live|actual)?\\s*(?:real\\s+|live\\s+|actual\\s+)?${human}\\b`, "i"),
      /\b(?:real|live|actual)\s+(?:human|person|agent|operator)\b/i,
      /\b(?:human|live)\s+(?:agent|support|help|operator)\b/i,
      /\b(?:call|contact|reach)\s+me\b/i,
      /\bnot\s+(?:a\s+)?(?:bot|robot|machine)\b/i,
      /\b(?:want|need)\s+(?:a|to talk to a|to speak to a)\s+(?:human|person)\b/i,
    ];
  })(),
  de: [
    verbLast("mit", "menschen|mensch|person|mitarbeiter|mitarbeiterin|mitarbeitenden|berater|beraterin|jemandem|kundendienst|support", "sprechen|reden|chatten|telefonieren|schreiben|verbunden|verbinden"),
    re(`${words("verbinden|verbindet|weiterleiten")}${gap(2)}\\s+${words("mit|an")}${gap(2)}\\s+${words("menschen|person|mitarbeiter|mitarbeiterin|jemandem|berater")}`),
    re(`${words("einen|eine|einem")}\\s+${words("mitarbeiter|mitarbeiterin|menschen|berater|beraterin")}\\s+${words("sprechen")}`),
    re(`${words("echten|richtigen|realen|echte|echter")}\\s+${words("menschen|mensch|person|mitarbeiter|mitarbeiterin")}`),
  ],
  fr: [
    verbFirst("parler|parle|discuter|échanger|joindre|communiquer", "à|a|avec", "humain|humaine|personne|conseiller|conseillère|agent|opérateur|opératrice|quelqu'un|quelqu’un|interlocuteur|interlocutrice"),
    re(`${words("relation")}\\s+${words("avec")}${gap(2)}\\s+${words("humain|personne|conseiller|conseillère|agent|quelqu'un|quelqu’un")}`),
    re(`${words("vrai|vraie|véritable")}\\s+${words("humain|personne|conseiller|conseillère")}|${words("personne")}\\s+${words("réelle")}`),
  ],
  es: [
    verbFirst("hablar|hable|hablo|conversar|chatear|comunicarme|contactar|pásame|páseme|pasarme|comunicar", "con|a", "persona|humano|humana|agente|asesor|asesora|operador|operadora|alguien|representante|empleado|empleada"),
    re(`${words("persona|humano")}\\s+${words("real|de verdad")}`),
  ],
  it: [
    verbFirst("parlare|parlo|chattare|comunicare|passarmi|passami|mettermi|mettetemi", "con|a|ad|in contatto con", "persona|umano|operatore|operatrice|qualcuno|consulente|addetto|addetta"),
    re(`${words("persona|operatore")}\\s+${words("vera|reale|vero|umano")}`),
  ],
  nl: [
    verbLast("met", "mens|persoon|medewerker|medewerkster|iemand|mensen", "praten|spreken|chatten|bellen|verbonden|verbinden"),
    verbFirst("praten|spreken|chatten|verbinden|doorverbinden", "met", "mens|persoon|medewerker|medewerkster|iemand"),
    re(`${words("een")}\\s+${words("medewerker|medewerkster|mens|persoon")}\\s+${words("spreken")}`),
    re(`${words("echt|echte")}\\s+${words("mens|persoon|medewerker")}`),
  ],
  pt: [
    verbFirst("falar|falo|conversar|conversa|passar|transferir|chamar", "com|a|para", "pessoa|humano|humana|atendente|agente|alguém|operador|operadora|consultor|consultora|representante"),
    re(`${words("pessoa|atendente")}\\s+${words("real|de verdade")}|${words("atendimento")}\\s+${words("humano")}`),
  ],
};

/** The languages with a list of requests for a person. */
export const PERSON_REQUEST_LANGUAGES = Object.keys(PERSON_REQUESTS);

/**
 * Whether the message asks for a person, in any language with a list: a visitor may write in another language
 * than the chatbot's, and a request missed leaves them with "I don't know" — a request in words is never a
 * question the sources answer.
 */
export function asksForPerson(text: string): boolean {
  return Object.values(PERSON_REQUESTS).some((patterns) => patterns.some((p) => p.test(text)));
}
