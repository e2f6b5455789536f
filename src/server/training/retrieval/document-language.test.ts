import { describe, expect, it } from "vitest";
import { extractHtml, extractPlainText } from "@/server/training/extraction/extract";
import { documentLanguage } from "./document-language";

const GERMAN = "<h1>Versand</h1><p>Wir versenden alle Bestellungen innerhalb von zwei Werktagen, die Lieferung dauert danach meist ein bis drei Tage.</p>";

describe("documentLanguage", () => {
  it("takes the language a page declares, as its ISO 639-1 code", () => {
    expect(documentLanguage(extractHtml(`<html lang="de-AT"><head><title>Versand</title></head><body>${GERMAN}</body></html>`, "https://x.test/"), "en")).toBe("de");
    // Declared wins over the text: the site says what its page is.
    expect(documentLanguage(extractHtml(`<html lang="fr"><body>${GERMAN}</body></html>`, "https://x.test/"), "en")).toBe("fr");
  });

  it("detects an undeclared page's language from its text, whatever the chatbot's", () => {
    expect(documentLanguage(extractHtml(`<html><body>${GERMAN}</body></html>`, "https://x.test/"), "en")).toBe("de");
    expect(documentLanguage(extractPlainText("We ship every order within two working days; delivery then takes one to three days.", "txt"), "de")).toBe("en");
  });

  it("falls back to the chatbot's language when the text tells nothing", () => {
    expect(documentLanguage(extractPlainText("PYTHONPATH", "txt"), "pt-BR")).toBe("pt");
    expect(documentLanguage({ title: "", blocks: [] }, "xyz")).toBe("");
  });
});
