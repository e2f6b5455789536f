/**
 * The question framings, per language: the words a visitor wraps around what they ask. Each question kind
 * has several; the generator picks one per question with a seeded random (questions.ts), and the report
 * gives hit rates per framing, so a framing that sinks retrieval shows. Known-item framings take the
 * sentence without its final period; `lower` is the sentence with its first letter lowered (for "… that s").
 */
import type { BenchLanguage } from "./language-guess";
import { howToEnglish, lowerFirst } from "./how-to-english";

export interface Sentence {
  /** The sentence without its final period. */
  text: string;
  /** The same with its first letter lowered (unless it starts an acronym or a name in code). */
  lower: string;
}

type Framing<T> = { id: string; make: (x: T) => string };

export interface LanguageFramings {
  knownItem: Array<Framing<Sentence>>;
  /**
   * "What is <subject>?" for a sentence "<subject> is …", the subject found by `subject`, holding none of
   * `pronouns` (personal, demonstrative and possessive: "Esse comando", "Cette commande" name something said
   * before; nor "if" or "not": "Se le cose", "GIMP não" are no subjects) and no comma ("In LilyPond input
   * files, music" is no subject).
   */
  definition: { id: string; subject: RegExp; pronouns: Set<string>; make: (subject: string) => string };
  index: Array<Framing<string>>;
  /** A heading as a how-to question; `pick` chooses among equivalent framings. */
  howTo: (heading: string, pick: <T>(xs: T[]) => T) => { id: string; question: string };
}

const k = (id: string, make: (s: Sentence) => string): Framing<Sentence> => ({ id, make });
const t = (id: string, make: (term: string) => string): Framing<string> => ({ id, make });
const words = (s: string) => new Set(s.split(" "));
/** A heading that starts with an infinitive (French, Spanish, Italian, Portuguese headings often do). */
const startsWith = (ending: RegExp) => (h: string) => ending.test(h.split(" ")[0]!.toLowerCase());
/** A heading that ends with a lower-case infinitive (German "Pakete installieren", Dutch "Pakketten installeren"). */
const endsWith = (ending: RegExp) => (h: string) => ending.test(h);

/**
 * A how-to: "Comment <infinitive …> ?" when the heading holds a verb, else one of the framings of a noun
 * heading, its first letter lowered (`casing`: German keeps its capitals).
 */
function verbOrNoun(isVerb: (h: string) => boolean, verb: (h: string) => string, nouns: Array<Framing<string>>, casing: (h: string) => string = lowerFirst) {
  return (heading: string, pick: <T>(xs: T[]) => T) => {
    if (isVerb(heading)) return { id: "how-verb", question: verb(heading) };
    const f = pick(nouns);
    return { id: f.id, question: f.make(casing(heading)) };
  };
}

export const FRAMINGS: Record<BenchLanguage, LanguageFramings> = {
  en: {
    knownItem: [
      k("which-page", (s) => `Which page says that ${s.lower}?`),
      k("where-explained", (s) => `Where is it explained that ${s.lower}?`),
      k("is-it-true", (s) => `Is it true that ${s.lower}?`),
      k("described-as", (s) => `What is described as: ${s.text}?`),
      k("bare", (s) => `${s.text}?`),
    ],
    definition: { id: "what-is-subject", subject: /^(?:The |A |An )?(.{3,50}?) (?:is|are) /, pronouns: words("this it there these that they those he she we you i its their his her which who whose where when each all some one here if not"), make: (x) => `What is ${x}?` },
    index: [t("what-is", (x) => `What is ${x}?`), t("what-does", (x) => `What does ${x} do?`), t("used-for", (x) => `What is ${x} used for?`), t("explain", (x) => `Can you explain ${x}?`), t("tell-me", (x) => `Tell me about ${x}.`)],
    howTo: howToEnglish,
  },
  de: {
    knownItem: [
      k("which-page", (s) => `Welche Seite sagt: ${s.text}?`),
      k("where-explained", (s) => `Wo steht: „${s.text}“?`),
      k("is-it-true", (s) => `Stimmt das: ${s.text}?`),
      k("described-as", (s) => `Was wird so beschrieben: ${s.text}?`),
      k("bare", (s) => `${s.text}?`),
    ],
    definition: { id: "what-is-subject", subject: /^(?:Der |Die |Das |Ein |Eine )?(.{3,50}?) (?:ist|sind) /, pronouns: words("dies es er sie wir ihr ich du diese dieser dieses diesen diesem jene jener jenes sein seine ihre hier man welche welcher welches wo wenn nicht"), make: (x) => `Was ist ${x}?` },
    index: [t("what-is", (x) => `Was ist ${x}?`), t("what-does", (x) => `Was macht ${x}?`), t("used-for", (x) => `Wofür braucht man ${x}?`), t("explain", (x) => `Kannst du ${x} erklären?`)],
    howTo: verbOrNoun(endsWith(/\s\p{Ll}+(?:en|ern|eln)$/u), (h) => `Wie kann ich ${h}?`, [t("how-works", (x) => `Wie funktioniert ${x}?`), t("how-use", (x) => `Wie benutze ich ${x}?`)], (h) => h),
  },
  fr: {
    knownItem: [
      k("which-page", (s) => `Quelle page dit que ${s.lower} ?`),
      k("where-explained", (s) => `Où est-il expliqué que ${s.lower} ?`),
      k("is-it-true", (s) => `Est-il vrai que ${s.lower} ?`),
      k("described-as", (s) => `Qu'est-ce qui est décrit ainsi : ${s.text} ?`),
      k("bare", (s) => `${s.text} ?`),
    ],
    definition: { id: "what-is-subject", subject: /^(?:Le |La |Les |L'|Un |Une )?(.{3,50}?) (?:est|sont) /, pronouns: words("ce cet cette ces cela ceci il elle ils elles on nous vous celui celle ceux celles son sa ses leur leurs qui que dont où si ne pas"), make: (x) => `Qu'est-ce que ${x} ?` },
    index: [t("what-is", (x) => `Qu'est-ce que ${x} ?`), t("used-for", (x) => `À quoi sert ${x} ?`), t("what-does", (x) => `Que fait ${x} ?`), t("explain", (x) => `Pouvez-vous expliquer ${x} ?`)],
    howTo: verbOrNoun(startsWith(/(?:er|ir|re)$/), (h) => `Comment ${lowerFirst(h)} ?`, [t("how-works", (x) => `Comment fonctionne ${x} ?`), t("how-use", (x) => `Comment utiliser ${x} ?`)]),
  },
  es: {
    knownItem: [
      k("which-page", (s) => `¿Qué página dice que ${s.lower}?`),
      k("where-explained", (s) => `¿Dónde se explica que ${s.lower}?`),
      k("is-it-true", (s) => `¿Es cierto que ${s.lower}?`),
      k("described-as", (s) => `¿Qué se describe así: ${s.text}?`),
      k("bare", (s) => `¿${s.text}?`),
    ],
    definition: { id: "what-is-subject", subject: /^(?:El |La |Los |Las |Un |Una )?(.{3,50}?) (?:es|son) /, pronouns: words("esto eso este esta estos estas éste ésta éstos éstas ese esa esos esas ése ésa aquel aquella aquellos aquellas ello él ella ellos ellas su sus aquí que quien donde cual si no"), make: (x) => `¿Qué es ${x}?` },
    index: [t("what-is", (x) => `¿Qué es ${x}?`), t("used-for", (x) => `¿Para qué sirve ${x}?`), t("what-does", (x) => `¿Qué hace ${x}?`), t("explain", (x) => `¿Puedes explicar ${x}?`)],
    howTo: verbOrNoun(startsWith(/(?:ar|er|ir)$/), (h) => `¿Cómo ${lowerFirst(h)}?`, [t("how-works", (x) => `¿Cómo funciona ${x}?`), t("how-use", (x) => `¿Cómo se usa ${x}?`)]),
  },
  it: {
    knownItem: [
      k("which-page", (s) => `Quale pagina dice che ${s.lower}?`),
      k("where-explained", (s) => `Dove si spiega che ${s.lower}?`),
      k("is-it-true", (s) => `È vero che ${s.lower}?`),
      k("described-as", (s) => `Che cosa è descritto così: ${s.text}?`),
      k("bare", (s) => `${s.text}?`),
    ],
    definition: { id: "what-is-subject", subject: /^(?:Il |Lo |La |I |Gli |Le |L'|Un |Una )?(.{3,50}?) (?:è|sono) /, pronouns: words("questo questa questi queste ciò ci esso essa essi esse lui lei loro suo sua suoi sue qui quello quella quelli quelle che cui dove quale se non"), make: (x) => `Che cos'è ${x}?` },
    index: [t("what-is", (x) => `Che cos'è ${x}?`), t("used-for", (x) => `A cosa serve ${x}?`), t("what-does", (x) => `Cosa fa ${x}?`), t("explain", (x) => `Puoi spiegare ${x}?`)],
    howTo: verbOrNoun(startsWith(/(?:are|ere|ire)$/), (h) => `Come ${lowerFirst(h)}?`, [t("how-works", (x) => `Come funziona ${x}?`), t("how-use", (x) => `Come si usa ${x}?`)]),
  },
  nl: {
    knownItem: [
      k("which-page", (s) => `Welke pagina zegt: ${s.text}?`),
      k("where-explained", (s) => `Waar staat: „${s.text}”?`),
      k("is-it-true", (s) => `Klopt het dat: ${s.text}?`),
      k("described-as", (s) => `Wat wordt zo beschreven: ${s.text}?`),
      k("bare", (s) => `${s.text}?`),
    ],
    definition: { id: "what-is-subject", subject: /^(?:De |Het |Een )?(.{3,50}?) (?:is|zijn) /, pronouns: words("dit dat het er deze die hij zij ze wij we jij je zijn haar hun hier men wat waar welke als niet"), make: (x) => `Wat is ${x}?` },
    index: [t("what-is", (x) => `Wat is ${x}?`), t("used-for", (x) => `Waarvoor dient ${x}?`), t("what-does", (x) => `Wat doet ${x}?`), t("explain", (x) => `Kun je ${x} uitleggen?`)],
    howTo: verbOrNoun(endsWith(/\s\p{Ll}+en$/u), (h) => `Hoe kan ik ${lowerFirst(h)}?`, [t("how-works", (x) => `Hoe werkt ${x}?`), t("how-use", (x) => `Hoe gebruik ik ${x}?`)]),
  },
  pt: {
    knownItem: [
      k("which-page", (s) => `Qual página diz que ${s.lower}?`),
      k("where-explained", (s) => `Onde se explica que ${s.lower}?`),
      k("is-it-true", (s) => `É verdade que ${s.lower}?`),
      k("described-as", (s) => `O que é descrito assim: ${s.text}?`),
      k("bare", (s) => `${s.text}?`),
    ],
    definition: { id: "what-is-subject", subject: /^(?:O |A |Os |As |Um |Uma )?(.{3,50}?) (?:é|são) /, pronouns: words("isto isso este esta estes estas esse essa esses essas aquele aquela aqueles aquelas aquilo ele ela eles elas seu sua seus suas aqui que quem onde qual se não"), make: (x) => `O que é ${x}?` },
    index: [t("what-is", (x) => `O que é ${x}?`), t("used-for", (x) => `Para que serve ${x}?`), t("what-does", (x) => `O que faz ${x}?`), t("explain", (x) => `Pode explicar ${x}?`)],
    howTo: verbOrNoun(startsWith(/(?:ar|er|ir)$/), (h) => `Como ${lowerFirst(h)}?`, [t("how-works", (x) => `Como funciona ${x}?`), t("how-use", (x) => `Como usar ${x}?`)]),
  },
};
