/**
 * How a visitor asks for a page's facts, per language (docs/decisions/131-questions-from-the-pages-facts.md):
 * the weekday names a time is stated for, the words that say a time is an opening time, the words between a
 * thing and its price, and the question each fact is asked with. Every question form is one the answer rules
 * (kernel/language: answerKind, asksHowTo) read as asking for that kind of fact — fact-vocabulary.test.ts
 * holds them to it. A language without a vocabulary gets no fact questions (its headings are still asked).
 */

export type FactKind = "time" | "price" | "place" | "contact" | "how_to";

export interface FactVocabulary {
  /** Weekday names, Monday first, as written in running text (matched case-insensitively, whole words). */
  days: string[];
  /** A sentence (or its heading) speaks of opening times: its days' times are opening hours. */
  opening: RegExp;
  /** A day that is closed states its hours too ("Sunday: closed"). */
  closed: string;
  /** A clock time in the language's own notation, besides 9:30 and 9am. */
  clock?: string;
  /** What stands between a thing and its amount ("delivery costs $6.95", "Croissant: €1.80"); `plural` words take the plural form. */
  priceVerbs: { singular: string; plural: string };
  /** A subject that names nothing ("it is free", "this costs"): no price question of it. */
  pronoun: RegExp;
  /** Nouns keep their capital inside a question (German). */
  nounsCapitalised?: boolean;
  /** A heading that names a task ("How to return an item"), the task its group; none where the task would need conjugating. */
  howToHeading?: RegExp;
  ask: {
    time: (day: string) => string;
    price: (thing: string, plural: boolean) => string;
    place: string;
    phone: string;
    email: string;
    howTo?: (task: string) => string;
  };
}

/** Alternatives as whole words (JavaScript's \b only knows ASCII letters). */
export const wholeWords = (alternatives: string) => `(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`;

/** A language's words as written (alternatives joined by "|"), compiled once into its vocabulary. */
interface Words {
  days: string;
  opening: string;
  closed: string;
  clock?: string;
  prices: [singular: string, plural: string];
  pronouns: string;
  howToHeading?: string;
  nounsCapitalised?: boolean;
  ask: FactVocabulary["ask"];
}

const vocabulary = (w: Words): FactVocabulary => ({
  days: w.days.split(" "),
  opening: new RegExp(wholeWords(w.opening), "iu"),
  closed: w.closed,
  clock: w.clock,
  priceVerbs: { singular: w.prices[0], plural: w.prices[1] },
  pronoun: new RegExp(`^(?:${w.pronouns})$`, "iu"),
  nounsCapitalised: w.nounsCapitalised,
  howToHeading: w.howToHeading === undefined ? undefined : new RegExp(`^${w.howToHeading}\\s+(.+)$`, "iu"),
  ask: w.ask,
});

export const FACT_VOCABULARIES: Record<string, FactVocabulary> = {
  en: vocabulary({
    days: "Monday Tuesday Wednesday Thursday Friday Saturday Sunday",
    opening: "open|opens|opening|hours|closed",
    closed: "closed",
    prices: ["costs|is|starts at", "cost|are|start at"],
    pronouns: "it|this|that|these|those|there|which|they|everything",
    howToHeading: "how to",
    ask: {
      time: (day) => `When are you open on ${day}?`,
      price: (thing, plural) => `How much ${plural ? "do" : "does"} ${thing} cost?`,
      place: "Where are you located?",
      phone: "What is your phone number?",
      email: "What is your e-mail address?",
      howTo: (task) => `How do I ${task}?`,
    },
  }),
  de: vocabulary({
    days: "Montag Dienstag Mittwoch Donnerstag Freitag Samstag Sonntag",
    opening: "geöffnet|öffnungszeiten|offen|öffnet|öffnen|geschlossen",
    closed: "geschlossen",
    clock: "\\d{1,2}(?:[:.]\\d{2})?\\s?Uhr",
    prices: ["kostet", "kosten"],
    pronouns: "es|das|dies|sie|alles",
    nounsCapitalised: true,
    ask: {
      time: (day) => `Wann haben Sie am ${day} geöffnet?`,
      price: (thing) => `Was kostet ${thing}?`,
      place: "Wo befinden Sie sich?",
      phone: "Wie ist Ihre Telefonnummer?",
      email: "Wie lautet Ihre E-Mail-Adresse?",
    },
  }),
  fr: vocabulary({
    days: "lundi mardi mercredi jeudi vendredi samedi dimanche",
    opening: "ouvert|ouverte|ouverts|ouvre|ouverture|horaires|fermé|fermée",
    closed: "fermé|fermée",
    clock: "\\d{1,2}\\s?h(?:\\s?\\d{2})?",
    prices: ["coûte|est à", "coûtent|sont à"],
    pronouns: "il|elle|ce|cela|ça|ils|elles|tout",
    howToHeading: "comment",
    ask: {
      time: (day) => `Quand êtes-vous ouverts le ${day} ?`,
      price: (thing, plural) => `Combien ${plural ? "coûtent" : "coûte"} ${thing} ?`,
      place: "Quelle est votre adresse ?",
      phone: "Quel est votre numéro de téléphone ?",
      email: "Quelle est votre adresse e-mail ?",
      howTo: (task) => `Comment ${task} ?`,
    },
  }),
  es: vocabulary({
    days: "lunes martes miércoles jueves viernes sábado domingo",
    opening: "abierto|abierta|abrimos|abre|horario|horarios|cerrado|cerrada",
    closed: "cerrado|cerrada",
    clock: "\\d{1,2}(?::\\d{2})?\\s?h",
    prices: ["cuesta|vale", "cuestan|valen"],
    pronouns: "esto|eso|ello|este|esta|todo",
    howToHeading: "c[oó]mo",
    ask: {
      time: (day) => `¿Cuándo abren el ${day}?`,
      price: (thing, plural) => `¿Cuánto ${plural ? "cuestan" : "cuesta"} ${thing}?`,
      place: "¿Dónde están ubicados?",
      phone: "¿Cuál es su número de teléfono?",
      email: "¿Cuál es su correo electrónico?",
      howTo: (task) => `¿Cómo ${task}?`,
    },
  }),
};

/** The languages whose pages' facts are asked about. */
export const FACT_LANGUAGES = Object.keys(FACT_VOCABULARIES);

/** A currency amount: a sign or a currency's name or code with a number ("$6.95", "4,50 €", "15 pounds"). */
const NUMBER = "\\d{1,3}(?:[,.\\s]\\d{3})*(?:[.,]\\d{1,2})?";
export const AMOUNT = new RegExp(`[$€£¥]\\s?${NUMBER}|${NUMBER}\\s?(?:[$€£¥]|${wholeWords("eur|euros?|usd|gbp|chf|dollars?|pounds?|francs?|pesos?")})`, "giu");

/** A clock time: 9:30, 09.30, 9am, 9 p.m. (a language adds its own: "9 Uhr", "9h30"). */
export const CLOCK = "\\d{1,2}(?:[:.]\\d{2})?\\s?(?:a\\.?m\\.?|p\\.?m\\.?)(?![\\p{L}])|\\d{1,2}[:.]\\d{2}(?![\\d])|noon|midday|midnight";

/**
 * A street address: a number and a street ("12 Garden Street", "5 rue de la Paix") or a street and a number
 * ("Hauptstraße 5", "Calle Mayor 12").
 */
export const ADDRESS = new RegExp(
  [
    "\\d{1,5}[a-z]?\\s+(?:\\p{Lu}[\\p{L}'-]+\\s+){1,3}(?:Street|St\\.?|Road|Rd\\.?|Avenue|Ave\\.?|Lane|Way|Square|Boulevard|Blvd\\.?|Drive|Place|Court|Row|Terrace|Close|Hill|Parade|Walk|Quay)(?![\\p{L}])",
    "\\p{Lu}[\\p{L}-]*(?:straße|strasse|str\\.|weg|platz|gasse|allee|ring|damm|ufer)\\s+\\d{1,4}[a-z]?(?![\\p{L}\\p{N}])",
    "\\d{1,4},?\\s+(?:rue|avenue|boulevard|place|chemin|allée|quai|impasse)\\s+(?:(?:de|du|des|la|le)\\s+|l'){0,2}\\p{Lu}[\\p{L}-]+",
    "(?:Calle|Avenida|Plaza|Paseo)\\s+(?:(?:de|del|la|los|las)\\s+)*\\p{Lu}[\\p{L}]+,?\\s*\\d{1,4}(?![\\p{N}])",
  ].join("|"),
  "u",
);

export const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/u;

/** A phone number: digits in groups, 7 to 15 digits in all (checked by the caller), after a word of calling. */
export const PHONE = /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,5}\)[\s.-]?)?\d{2,5}(?:[\s.-]\d{2,5}){1,4}/u;
export const PHONE_CUE = new RegExp(wholeWords("call|phone|telephone|tel|ring|anrufen|telefon|tel\\.|rufen|appelez|téléphone|tél|llame|llámenos|teléfono"), "iu");
