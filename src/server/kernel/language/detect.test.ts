import { describe, expect, it } from "vitest";
import { detectLanguage, languageCode, questionLanguageOf, readLanguage } from "./detect";

/**
 * Real text: questions and sentences of the Debian FAQ in its translations, each the same passage in every
 * language, and of the Debian Reference for Spanish (which has no FAQ).
 */
const PRONOUNCE: Record<string, string> = {
  en: "How does one pronounce Debian and what does this word mean?",
  de: "Wie spricht man Debian aus und was bedeutet das?",
  fr: "Comment prononce-t-on Debian et quel est le sens de ce mot ?",
  it: "Come si pronuncia Debian e cosa significa questa parola?",
  nl: "Hoe spreekt men het woord Debian uit en wat betekent het?",
  pt: "Como é que se pronuncia Debian e o que significa a palavra?",
  es: "¿Quién sube los paquetes?",
};

const KERNEL: Record<string, string> = {
  en: "In short, Linux is the kernel of a Unix-like operating system. It was originally designed for 386 (and better) PCs; today Linux also runs on a dozen of other systems.",
  de: "Kurz gesagt stellt Linux den Kernel eines Unix-ähnlichen Betriebssystems dar. Es wurde ursprünglich für 386er und darauf folgende Prozessoren in Personal Computern entwickelt; heutzutage läuft Linux auch auf einem Dutzend anderer Systeme.",
  fr: "En résumé, Linux est le noyau d'un système d'exploitation de type Unix. Il a été à l'origine conçu pour les ordinateurs 386 (et plus récents) ; aujourd'hui Linux fonctionne également sur une douzaine d'autres systèmes.",
  it: "In breve, Linux è il kernel di un sistema operativo *nix. È stato originariamente progettato per PC 386 (e superiori); ora può girare anche su dozzine di altri sistemi.",
  nl: "Om kort te gaan, Linux is de kernel van een Unix-achtig besturingssysteem. Oorspronkelijk werd hij ontworpen voor 386 (en snellere) PC's. Tegenwoordig functioneert Linux ook op een dozijn andere systemen.",
  pt: "Em resumo, Linux é o kernel de um sistema operativo tipo Unix. Foi feito originalmente para PCs 386 (e melhores). Hoje Linux também corre numa dúzia de outros sistemas.",
  es: "El paquete y la descripción del archivo puede seguir algo sobre sus orígenes y su inspiración en lo siguiente.",
};

/** Short questions of the FAQ: one line, a name or two in them. */
const SHORT: Array<[string, string]> = [
  ["en", "What does the testing distribution contain?"],
  ["de", "Welche Codenamen wurden in der Vergangenheit verwendet?"],
  ["fr", "Sur quelle architecture matérielle fonctionne Debian GNU/Linux ?"],
  ["it", "Dove è il codice sorgente?"],
  ["nl", "Hoeveel distributies van Debian zijn er?"],
  ["pt", "O que é que a distribuição unstable contém?"],
  ["es", "Cómo recuperar la configuración normal de una consola"],
];

describe("detectLanguage", () => {
  it.each(Object.keys(PRONOUNCE))("tells %s from a question and from a paragraph", (language) => {
    expect(detectLanguage(PRONOUNCE[language]!)).toBe(language);
    expect(detectLanguage(KERNEL[language]!)).toBe(language);
  });

  it.each(SHORT)("tells %s from a short question, with the chatbot's language or another as the hint", (language, text) => {
    expect(detectLanguage(text, language)).toBe(language);
    expect(detectLanguage(text, language === "en" ? "de" : "en")).toBe(language);
  });

  it("takes the hint when the text scores nearly as well for it (a one-line question in a related language)", () => {
    // ELD reads this Italian question as Catalan by a hair.
    expect(detectLanguage("Cosa fa git rebase?")).not.toBe("it");
    expect(detectLanguage("Cosa fa git rebase?", "it")).toBe("it");
    expect(detectLanguage("Cosa fa git rebase?", "it-IT")).toBe("it");
  });

  it("reads no language, whatever the hint, from a text that tells none; the hint still wins a close call", () => {
    expect(readLanguage("PYTHONPATH", "de")).toBeNull();
    expect(readLanguage("2022-12-28 3.40.1 2022-11-16 3.40.0 2022-09-29 3.39.4", "en")).toBeNull();
    expect(readLanguage("Cosa fa git rebase?", "it")).toBe("it");
    expect(readLanguage(KERNEL.fr!, "en")).toBe("fr");
  });

  it("answers the hint, or null without one, when the text has no language to tell", () => {
    expect(detectLanguage("PYTHONPATH", "de")).toBe("de");
    expect(detectLanguage("PYTHONPATH")).toBeNull();
    expect(detectLanguage("", "pt-BR")).toBe("pt");
    expect(detectLanguage("42 % 7")).toBeNull();
  });

  it("reads a long text by its beginning only", () => {
    const long = `${KERNEL.de} `.repeat(40) + `${KERNEL.en} `.repeat(200);
    expect(detectLanguage(long)).toBe("de");
  });
});

describe("languageCode", () => {
  it("reads a declared language tag as its ISO 639-1 code", () => {
    expect(languageCode("de-DE")).toBe("de");
    expect(languageCode("pt_BR")).toBe("pt");
    expect(languageCode(" EN ")).toBe("en");
    expect(languageCode("fr, en")).toBe("fr");
    expect(languageCode("x-klingon")).toBeNull();
    expect(languageCode("deu")).toBeNull();
    expect(languageCode("")).toBeNull();
    expect(languageCode(null)).toBeNull();
  });
});

describe("questionLanguageOf (record 151)", () => {
  it("a short question about a name is read in the chatbot's language when its framing words are that language's", () => {
    // The detector reads these as English, Catalan and Norwegian: the names outweigh "puoi spiegare", "cosa fa".
    for (const question of ["Puoi spiegare source-highlight?", "Cosa fa rescue/enable?", "Puoi spiegare debian-installer/framebuffer (fb)?"]) {
      expect(detectLanguage(question, "it")).not.toBe("it");
      expect(questionLanguageOf(question, "it")).toBe("it");
    }
  });

  it("a question framed in another language is still read in that one", () => {
    expect(questionLanguageOf("Can you explain source-highlight?", "it")).toBe("en");
    expect(questionLanguageOf("What does the testing distribution contain?", "de")).toBe("en");
    expect(questionLanguageOf("Come si pronuncia Debian e cosa significa questa parola?", "es")).toBe("it");
    expect(questionLanguageOf(PRONOUNCE.pt!, "de")).toBe("pt");
    expect(questionLanguageOf(PRONOUNCE.de!, "en")).toBe("de");
    expect(questionLanguageOf("Puoi spiegare source-highlight?", null)).toBe(detectLanguage("Puoi spiegare source-highlight?"));
  });
});
