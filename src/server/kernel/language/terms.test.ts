import { describe, expect, it } from "vitest";
import { primaryLanguage, snowballAlgorithm } from "./languages";
import { stemmerFor } from "./stem";
import { stopWordsOf } from "./stop-words";
import { questionTerms, termKey, termsOf, wordsOf } from "./terms";

const content = (q: string, language: string) => [...questionTerms(q, language).content.values()];
const framing = (q: string, language: string) => [...questionTerms(q, language).framing.values()];

describe("languages", () => {
  it("reads a region as its language and knows the Snowball algorithm of each", () => {
    expect(primaryLanguage("pt-BR")).toBe("pt");
    expect(primaryLanguage(" DE_at ")).toBe("de");
    expect(snowballAlgorithm("nl")).toBe("dutch");
    expect(snowballAlgorithm("ja")).toBeNull();
  });

  it("stems with the language's Snowball stemmer; a language without one compares words as spelled", () => {
    expect(stemmerFor("en")("connections")).toBe("connect");
    expect(stemmerFor("de")("Verbindungen".toLowerCase())).toBe("verbind");
    expect(stemmerFor("fr")("généralement")).toBe("général");
    expect(stemmerFor("es")("instalación")).toBe(stemmerFor("es")("instalaciones"));
    expect(stemmerFor("ja")("接続")).toBe("接続");
  });

  it("drops PostgreSQL's stop words of the language", () => {
    expect(stopWordsOf("de").has("und")).toBe(true);
    expect(stopWordsOf("fr").has("le")).toBe(true);
    expect(stopWordsOf("en").has("und")).toBe(false);
    expect(stopWordsOf("ja").size).toBe(0);
  });
});

describe("words and keys", () => {
  it("splits elisions and hyphens, keeps identifiers, joins a one-letter prefix", () => {
    expect(wordsOf("L'option d'un paquet")).toEqual(["l", "option", "d", "un", "paquet"]);
    expect(wordsOf("Run pg_dump on e-bikes")).toEqual(["run", "pg_dump", "on", "ebikes"]);
  });

  it("a key is the stem without diacritics: a word typed without its accents meets it", () => {
    expect(termKey("généralement", "fr")).toBe(termKey("generalement", "fr"));
    expect([...termsOf("Die Pakete und das Paket", "de").keys()]).toEqual(["paket"]);
  });
});

describe("a question's content and its framing, per language", () => {
  it.each([
    ["en", "Which library is described as: CLI arguments parser?", ["cli", "arguments", "parser"], ["library", "described"]],
    ["en", "Where is it explained that the shop opens at nine?", ["shop", "opens", "nine"], ["explained"]],
    ["en", "What is os.path used for?", ["os", "path"], ["used"]],
    ["en", "How much does a gift card cost?", ["gift", "card"], ["much", "cost"]],
    ["de", "Wofür braucht man den Paketmanager?", ["paketmanager"], ["wofür", "braucht"]],
    ["de", "Kannst du debconf erklären?", ["debconf"], ["kannst", "erklären"]],
    ["fr", "À quoi sert le module dpkg ?", ["dpkg"], ["quoi", "sert", "module"]],
    ["fr", "Où est-il expliqué que le paquet est installé ?", ["paquet", "installé"], ["où", "expliqué"]],
    ["es", "¿Para qué sirve el paquete?", ["paquete"], ["sirve"]],
    ["it", "A cosa serve il pacchetto?", ["pacchetto"], ["cosa", "serve"]],
    ["nl", "Wat doet debconf?", ["debconf"], ["doet"]],
    ["nl", "Waarvoor dient het pakket?", ["pakket"], ["waarvoor", "dient"]],
    ["pt", "Para que serve o apt?", ["apt"], ["serve"]],
    // "Described thus": the adverb is the framing's (record 168).
    ["fr", "Qu'est-ce qui est décrit ainsi : le paquet est installé ?", ["paquet", "installé"], ["décrit", "ainsi"]],
    ["es", "¿Qué se describe así: el paquete está instalado?", ["paquete", "instalado"], ["describe", "así"]],
    ["pt", "O que é descrito assim: o pacote está instalado?", ["pacote", "instalado"], ["descrito", "assim"]],
  ])("%s: %s", (language, question, subject, frame) => {
    expect(content(question, language)).toEqual(subject);
    expect(framing(question, language)).toEqual(frame);
  });

  it("a question of framing only has no content", () => {
    expect(content("Can you explain it, please?", "en")).toEqual([]);
    expect(content("Kannst du das bitte erklären?", "de")).toEqual([]);
    expect(content("How much?", "en")).toEqual([]);
  });

  it("a question framed all through is about its words that ask for a kind of fact", () => {
    expect(content("What about Prices?", "en")).toEqual(["prices"]);
    expect(content("What are your fees?", "en")).toEqual(["fees"]);
    expect(content("Was kostet das?", "de")).toEqual(["kostet"]);
    expect(content("Quels sont vos tarifs ?", "fr")).toEqual(["tarifs"]);
    expect(framing("What about Prices?", "en")).toEqual([]);
  });

  it("a question naming nothing but the framing's topic nouns is about them; a question naming something else keeps them as framing (record 170)", () => {
    expect(content("Can you explain modules?", "en")).toEqual(["modules"]);
    expect(content("Can you explain show Guides?", "en")).toEqual(["guides"]);
    expect(content("Was ist Hilfe?", "de")).toEqual(["hilfe"]);
    expect(content("À quoi sert aide ?", "fr")).toEqual(["aide"]);
    expect(content("Pode explicar ajuda?", "pt")).toEqual(["ajuda"]);
    expect(content("Which module provides sockets?", "en")).toEqual(["provides", "sockets"]);
    expect(framing("Which module provides sockets?", "en")).toContain("module");
    expect(content("Can you explain it, please?", "en")).toEqual([]);
  });

  it("a question naming nothing but a number is about the number (record 151)", () => {
    expect(content("What is 0022 used for?", "en")).toEqual(["0022"]);
    expect(content("À quoi sert 0022 ?", "fr")).toEqual(["0022"]);
    // A number next to a naming word is no content of its own: "umask 0022" is about umask.
    expect(content("What is umask 0022 used for?", "en")).toEqual(["umask"]);
    expect(content("Can you explain it, please?", "en")).toEqual([]);
  });
});
