/**
 * What states a fact of a kind, as opposed to what merely speaks of it (kinds.ts carriesKind): a street
 * address, a phone number or an e-mail address, an amount with its currency (in figures or in words), a time
 * stated for a day of opening. The patterns the quality score reads a page's facts with (evaluations/fact-questions.ts,
 * docs/decisions/131-questions-from-the-pages-facts.md) and the ones an answer to "Where are you located?"
 * must quote (docs/decisions/133-questions-asking-only-for-a-kind.md): one set, here. Per language where
 * words are needed (weekdays, opening, closed, clock notations, words of calling). Pure.
 */
import type { AnswerKind } from "./kinds";
import { primaryLanguage } from "./languages";

/** Alternatives as whole words (JavaScript's \b only knows ASCII letters). */
export const wholeWords = (alternatives: string) => `(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`;

/** A currency amount: a sign or a currency's name or code with a number ("$6.95", "4,50 €", "15 pounds"). */
const NUMBER = "\\d{1,3}(?:[,.\\s]\\d{3})*(?:[.,]\\d{1,2})?";
const AMOUNT_SOURCE = `[$€£¥]\\s?${NUMBER}|${NUMBER}\\s?(?:[$€£¥]|${wholeWords("eur|euros?|usd|gbp|chf|dollars?|pounds?|francs?|pesos?|reais")})`;
/** Global (every amount of a text, matchAll/exec in a loop); `statesKind` tests with its own copy. */
export const AMOUNT = new RegExp(AMOUNT_SOURCE, "giu");
const AN_AMOUNT = new RegExp(AMOUNT_SOURCE, "iu");

/**
 * The number words of the seven languages, the parts a number is written with: units, teens, tens, hundreds,
 * thousands ("veinti", "venti" start a compound: "veinticinco", "venticinque").
 */
const NUMBER_WORDS = [
  "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand",
  "ein eine einen eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn fünfzehn sechzehn siebzehn achtzehn neunzehn zwanzig dreißig vierzig fünfzig sechzig siebzig achtzig neunzig hundert tausend",
  "un une deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize vingt vingts trente quarante cinquante soixante septante huitante nonante cent cents mille",
  "uno una dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciséis diecisiete dieciocho diecinueve veinte veinti treinta cuarenta cincuenta sesenta setenta ochenta noventa cien ciento doscientos trescientos quinientos mil",
  "due quattro cinque sei sette otto nove dieci undici dodici tredici quattordici quindici sedici diciassette diciotto diciannove venti trenta quaranta cinquanta sessanta settanta ottanta novanta cento mila tré",
  "een één twee drie vier vijf zes zeven acht negen tien twaalf dertien veertien vijftien zestien zeventien achttien negentien twintig dertig veertig vijftig zestig zeventig tachtig negentig honderd duizend",
  "um dois duas três quatro cinco seis sete oito nove dez onze doze treze catorze quatorze quinze dezesseis dezasseis dezessete dezassete dezoito dezenove dezanove vinte trinta quarenta cinquenta sessenta setenta oitenta noventa cem cento duzentos trezentos quinhentos",
]
  .flatMap((line) => line.split(" "))
  .filter((w, i, all) => all.indexOf(w) === i)
  // Longest first: "vingts" before "vingt", "sechzehn" before "sechs".
  .sort((a, b) => b.length - a.length)
  .join("|");
/** Words joining a number's parts ("twenty-five", "vingt et un", "fünfundzwanzig", "vijfentwintig", "trinta e dois"). */
const NUMBER_JOINS = "and|et|y|e|und|en";
/** Currencies named in words after an amount, in the seven languages. */
const CURRENCY_WORDS = "euros?|eur|dollars?|dólares|dollari|pounds?|sterlin[ae]|libras?|francs?|franken|franchi|pesos?|reais|real|centimes?|céntimos?|centesimi|cêntimos?";
/**
 * An amount written in words before its currency: "forty euros", "quarante euros", "vierzig Euro", "twenty-five
 * dollars", "vijfentwintig euro", "trinta e dois reais".
 */
const AMOUNT_IN_WORDS = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${NUMBER_WORDS})(?:[\\s-]*(?:(?:${NUMBER_JOINS})[\\s-]*)?(?:${NUMBER_WORDS}))*\\s+(?:${CURRENCY_WORDS})(?![\\p{L}\\p{N}])`,
  "iu",
);

/** A clock time: 9:30, 09.30, 9am, 9 p.m. (a language adds its own: "9 Uhr", "9h30"). */
export const CLOCK = "\\d{1,2}(?:[:.]\\d{2})?\\s?(?:a\\.?m\\.?|p\\.?m\\.?)(?![\\p{L}])|\\d{1,2}[:.]\\d{2}(?![\\d])|noon|midday|midnight";

/**
 * A street address: a number and a street ("12 Garden Street", "5 rue de la Paix") or a street and a number
 * ("Hauptstraße 5", "Calle Mayor 12", "Via Roma 10", "Kerkstraat 12", "Rua Augusta, 100").
 */
export const ADDRESS = new RegExp(
  [
    "\\d{1,5}[a-z]?\\s+(?:\\p{Lu}[\\p{L}'-]+\\s+){1,3}(?:Street|St\\.?|Road|Rd\\.?|Avenue|Ave\\.?|Lane|Way|Square|Boulevard|Blvd\\.?|Drive|Place|Court|Row|Terrace|Close|Hill|Parade|Walk|Quay)(?![\\p{L}])",
    "\\p{Lu}[\\p{L}-]*(?:[sS]traße|[sS]trasse|[sS]tr\\.|[wW]eg|[pP]latz|[gG]asse|[aA]llee|[rR]ing|[dD]amm|[uU]fer|[sS]traat|[lL]aan|[pP]lein|[gG]racht|[kK]ade|[sS]ingel)\\s+\\d{1,4}[a-z]?(?![\\p{L}\\p{N}])",
    "\\d{1,4},?\\s+(?:rue|avenue|boulevard|place|chemin|allée|quai|impasse)\\s+(?:(?:de|du|des|la|le)\\s+|l'){0,2}\\p{Lu}[\\p{L}-]+",
    "(?:Calle|Avenida|Plaza|Paseo|Via|Viale|Piazza|Corso|Rua|Praça|Travessa)\\s+(?:(?:de|del|la|los|las|da|do|dos|das|di|della|dei)\\s+)*\\p{Lu}[\\p{L}]+,?\\s*\\d{1,4}(?![\\p{N}])",
  ].join("|"),
  "u",
);

export const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/u;

/** A phone number: digits in groups, 7 to 15 digits in all (phoneNumberIn checks), after a word of calling. */
export const PHONE = /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,5}\)[\s.-]?)?\d{2,5}(?:[\s.-]\d{2,5}){1,4}/u;
/** Words of calling, in every language at once (a number after "Tel." is a phone number whatever the page's language). */
export const PHONE_CUE = new RegExp(
  wholeWords(
    "call|phone|telephone|tel|ring|anrufen|telefon|tel\\.|rufen|appelez|téléphone|tél|llame|llámenos|teléfono|telefono|chiamate|chiamaci|chiamare|telefoon|bel|bellen|ligue|ligar|telefone",
  ),
  "iu",
);

/** The phone number a sentence states (in a sentence, or under a heading, about calling), or null. */
export function phoneNumberIn(sentence: string, context = ""): string | null {
  if (!PHONE_CUE.test(sentence) && !PHONE_CUE.test(context)) return null;
  const m = PHONE.exec(sentence);
  const digits = m?.[0].replace(/\D/g, "").length ?? 0;
  return m && digits >= 7 && digits <= 15 ? m[0].trim() : null;
}

/** How a language states opening hours: its weekday names, the words of opening, of a closed day, its clock notation. */
export interface OpeningWords {
  /** Weekday names, Monday first, as written in running text (matched case-insensitively, whole words). */
  days: string[];
  /** A sentence (or its heading) speaks of opening times: its days' times are opening hours. */
  opening: RegExp;
  /** A day that is closed states its hours too ("Sunday: closed"). */
  closed: string;
  /** A clock time in the language's own notation, besides 9:30 and 9am. */
  clock?: string;
}

const opening = (w: { days: string; opening: string; closed: string; clock?: string }): OpeningWords => ({
  days: w.days.split(" "),
  opening: new RegExp(wholeWords(w.opening), "iu"),
  closed: w.closed,
  clock: w.clock,
});

export const OPENING_WORDS: Record<string, OpeningWords> = {
  en: opening({ days: "Monday Tuesday Wednesday Thursday Friday Saturday Sunday", opening: "open|opens|opening|hours|closed", closed: "closed" }),
  de: opening({
    days: "Montag Dienstag Mittwoch Donnerstag Freitag Samstag Sonntag",
    opening: "geöffnet|öffnungszeiten|offen|öffnet|öffnen|geschlossen",
    closed: "geschlossen",
    clock: "\\d{1,2}(?:[:.]\\d{2})?\\s?Uhr",
  }),
  fr: opening({
    days: "lundi mardi mercredi jeudi vendredi samedi dimanche",
    opening: "ouvert|ouverte|ouverts|ouvre|ouverture|horaires|fermé|fermée",
    closed: "fermé|fermée",
    clock: "\\d{1,2}\\s?h(?:\\s?\\d{2})?",
  }),
  es: opening({
    days: "lunes martes miércoles jueves viernes sábado domingo",
    opening: "abierto|abierta|abrimos|abre|horario|horarios|cerrado|cerrada",
    closed: "cerrado|cerrada",
    clock: "\\d{1,2}(?::\\d{2})?\\s?h",
  }),
  it: opening({
    days: "lunedì martedì mercoledì giovedì venerdì sabato domenica",
    opening: "aperto|aperta|aperti|apre|apriamo|apertura|orari|orario|chiuso|chiusa",
    closed: "chiuso|chiusa",
    clock: "(?:alle|dalle|ore)\\s\\d{1,2}(?:[:.]\\d{2})?",
  }),
  nl: opening({
    days: "maandag dinsdag woensdag donderdag vrijdag zaterdag zondag",
    opening: "open|geopend|openingstijden|openingsuren|gesloten",
    closed: "gesloten",
    clock: "\\d{1,2}(?:[:.]\\d{2})?\\s?uur",
  }),
  pt: opening({
    days: "segunda terça quarta quinta sexta sábado domingo",
    opening: "aberto|aberta|abertos|abre|abrimos|horário|horários|fechado|fechada",
    closed: "fechado|fechada",
    clock: "\\d{1,2}h(?:\\d{2})?",
  }),
};

const openingOf = (language: string | null | undefined) => OPENING_WORDS[primaryLanguage(language)] ?? OPENING_WORDS.en!;

const timePatterns = new Map<OpeningWords, { when: RegExp; day: RegExp }>();

/** A time or a closed day (`when`), and a weekday (`day`, "Montag" or "montags"), in a language. */
function timeOf(w: OpeningWords) {
  let p = timePatterns.get(w);
  if (!p) {
    p = {
      when: new RegExp([w.clock, CLOCK, wholeWords(w.closed)].filter(Boolean).join("|"), "iu"),
      day: new RegExp(wholeWords(`(?:${w.days.join("|")})s?`), "iu"),
    };
    timePatterns.set(w, p);
  }
  return p;
}

/**
 * Whether a sentence states a fact of the kind — not only speaks of it (kinds.ts carriesKind): an address
 * (place), a phone number or an e-mail address (contact), an amount with its currency (price: "€4.50", "forty
 * euros"), a time or a
 * closed day of opening (time: a clock time or "closed" in a sentence naming a weekday or opening, itself or
 * by its `context`, its headings and page title).
 */
export function statesKind(kind: AnswerKind, sentence: string, context: string, language: string | null | undefined): boolean {
  const text = sentence.normalize("NFC");
  switch (kind) {
    case "place":
      return ADDRESS.test(text);
    case "contact":
      return EMAIL.test(text) || phoneNumberIn(text, context) !== null;
    case "price":
      return AN_AMOUNT.test(text) || AMOUNT_IN_WORDS.test(text);
    case "time": {
      const w = openingOf(language);
      const { when, day } = timeOf(w);
      return when.test(text) && [text, context.normalize("NFC")].some((t) => day.test(t) || w.opening.test(t));
    }
  }
}
