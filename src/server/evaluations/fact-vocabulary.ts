/**
 * How a visitor asks for a page's facts, per language (docs/decisions/131-questions-from-the-pages-facts.md):
 * the weekday names a time is stated for, the words that say a time is an opening time, the words between a
 * thing and its price, and the question each fact is asked with. Every question form is one the answer rules
 * (kernel/language: answerKind, asksHowTo) read as asking for that kind of fact — fact-vocabulary.test.ts
 * holds them to it. A language without a vocabulary gets no fact questions (its headings are still asked). The
 * patterns of a fact (an amount, a clock time, an address, a phone number) and each language's weekdays and words
 * of opening are the language toolkit's (kernel/language/facts.ts): an answer is held to the same ones.
 */
import { OPENING_WORDS, type OpeningWords } from "@/server/kernel/language/facts";

export type FactKind = "time" | "price" | "place" | "contact" | "how_to";

export interface FactVocabulary extends OpeningWords {
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


/** A language's words as written (alternatives joined by "|"), compiled once into its vocabulary. */
interface Words {
  language: string;
  prices: [singular: string, plural: string];
  pronouns: string;
  howToHeading?: string;
  nounsCapitalised?: boolean;
  ask: FactVocabulary["ask"];
}

const vocabulary = (w: Words): FactVocabulary => ({
  ...OPENING_WORDS[w.language]!,
  priceVerbs: { singular: w.prices[0], plural: w.prices[1] },
  pronoun: new RegExp(`^(?:${w.pronouns})$`, "iu"),
  nounsCapitalised: w.nounsCapitalised,
  howToHeading: w.howToHeading === undefined ? undefined : new RegExp(`^${w.howToHeading}\\s+(.+)$`, "iu"),
  ask: w.ask,
});

export const FACT_VOCABULARIES: Record<string, FactVocabulary> = {
  en: vocabulary({
    language: "en",
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
    language: "de",
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
    language: "fr",
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
    language: "es",
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
