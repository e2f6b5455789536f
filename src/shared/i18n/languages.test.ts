import { describe, expect, it } from "vitest";
import { newChatbotTexts, textsInItsLanguage } from "./chatbot-texts";
import { fill } from "./fill";
import { languageCodeField } from "./language-field";
import { catalogueLanguage, languageName, supportedLanguage } from "./languages";
import { CATALOGUES, messagesFor } from "./messages";

describe("a chatbot's language (record 117)", () => {
  it("is a language with a catalogue, a region may follow; stored in one spelling", () => {
    expect(["en", "DE", " fr ", "pt-br", "pt_BR", "es-419", "en-GB"].map(supportedLanguage)).toEqual(["en", "de", "fr", "pt-BR", "pt-BR", "es-419", "en-GB"]);
    expect(["ja", "pl", "english", "e", "de-", "de-DE-x", ""].map(supportedLanguage)).toEqual([null, null, null, null, null, null, null]);
    expect(languageCodeField.parse("PT-br")).toBe("pt-BR");
    expect(languageCodeField.safeParse("ja").error?.issues[0]?.message).toMatch(/supported language code: en, de, fr, es, it, nl, pt/);
  });

  it("reads its catalogue by its primary language; a code stored before the narrowing reads English", () => {
    expect(["de-AT", "pt-BR", "nl", "pl", null].map(catalogueLanguage)).toEqual(["de", "pt", "nl", "en", "en"]);
    expect(messagesFor("de-CH")).toBe(CATALOGUES.de);
    expect([languageName("de-AT"), languageName("pt"), languageName("pl")]).toEqual(["German", "Portuguese", "pl"]);
  });

  it("fills placeholders, leaving an unknown one as written", () => {
    expect(fill("{name} macht gerade Pause", { name: "Bäckerei" })).toBe("Bäckerei macht gerade Pause");
    expect(fill("{name} and {other}", { name: "A" })).toBe("A and {other}");
  });
});

describe("a chatbot's texts in its language", () => {
  const bot = (language: string, texts = newChatbotTexts("en")) => ({ ...texts, defaultLanguage: language, name: "Bot" });

  it("start in its language when it is made", () => {
    expect(newChatbotTexts("de")).toEqual({ defaultLanguage: "de", ...CATALOGUES.de.chatbot });
    expect(newChatbotTexts()).toEqual({ defaultLanguage: "en", ...CATALOGUES.en.chatbot });
  });

  it("follow its language while nobody changed them, whichever catalogue's default they hold", () => {
    expect(textsInItsLanguage(bot("de"))).toEqual({ ...bot("de"), ...CATALOGUES.de.chatbot });
    expect(textsInItsLanguage(bot("fr", newChatbotTexts("de")))).toMatchObject(CATALOGUES.fr.chatbot);
    expect(textsInItsLanguage(bot("pl"))).toMatchObject(CATALOGUES.en.chatbot);
  });

  it("keep what someone wrote, and change nothing in English", () => {
    const written = bot("de", { ...newChatbotTexts("en"), welcomeMessage: "Moin! Was darf es sein?" });
    expect(textsInItsLanguage(written)).toMatchObject({ welcomeMessage: "Moin! Was darf es sein?", defaultAnswer: CATALOGUES.de.chatbot.defaultAnswer });
    const english = bot("en");
    expect(textsInItsLanguage(english)).toBe(english);
  });
});
