import { describe, expect, it } from "vitest";
import { extractHtml, extractPlainText } from "@/server/training/extraction/extract";
import fc from "fast-check";
import { documentLanguage, documentWindowLanguages, passageLanguage, sampleWindows } from "./document-language";

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

  it("reads a long page all through: a translated licence whose opening notice stays English is in its translation's language", () => {
    const notice =
      "This is an unofficial translation of the GNU General Public License into French. It was not published by the Free Software Foundation, and does not legally state the distribution terms for software that uses the GNU GPL. ";
    const french =
      "Les licences de la plupart des logiciels sont conçues pour vous enlever toute liberté de les partager et de les modifier. A contrario, la Licence Publique Générale est destinée à garantir votre liberté de partager et de modifier les logiciels libres. ";
    const page = `<html><body><h1>Annexe F. GNU General Public License</h1><p>${notice.repeat(18)}</p>${`<p>${french}</p>`.repeat(60)}</body></html>`;
    expect(documentLanguage(extractHtml(page, "https://x.test/apf.html"), "fr")).toBe("fr");
  });

  it("reads a page by the windows that tell a language: a table of versions and dates is no vote for the chatbot's", () => {
    // An English page on a German chatbot (a site with pages in several languages): one window of prose, three of a
    // table of releases. Voting the chatbot's language, the table made the page German.
    const rows = Array.from({ length: 46 * 5 }, (_, i) => {
      const [major, patch] = [45 - Math.floor(i / 5), 4 - (i % 5)];
      return `<tr><td>${2022 - Math.floor((45 - major) / 3)}-${String(((major + patch) % 12) + 1).padStart(2, "0")}-${String(((major * 7 + patch) % 28) + 1).padStart(2, "0")}</td><td>3.${major}.${patch}</td></tr>`;
    });
    const page = `<html><head><title>History Of SQLite Releases</title></head><body><h1>History Of SQLite Releases</h1><p>This page lists every release of SQLite, newest first, with the date it was published. Each version number links to the release notes that describe what changed in it, which bugs were fixed and which new features were added.</p><table>${rows.join("")}</table></body></html>`;
    const document = extractHtml(page, "https://x.test/chronology.html");
    const windows = documentWindowLanguages(document, "de");
    expect(windows).toHaveLength(4);
    expect(windows[0]).toBe("en");
    expect(windows.filter((w) => w === null).length).toBeGreaterThanOrEqual(2);
    expect(documentLanguage(document, "de")).toBe("en");
    // A page whose every window is such a table is the chatbot's language.
    const table = extractHtml(`<html><body><table>${rows.join("")}</table></body></html>`, "https://x.test/t.html");
    expect(documentLanguage(table, "de")).toBe("de");
  });

  it("samples a long text in windows spread over it, each from a word's start, a short one whole", () => {
    expect(sampleWindows("kurz und gut")).toEqual(["kurz und gut"]);
    const text = Array.from({ length: 4000 }, (_, i) => `w${i}`).join(" ");
    const windows = sampleWindows(text);
    expect(windows).toHaveLength(4);
    expect(windows[0]!.startsWith("w0 w1")).toBe(true);
    expect(windows.every((w) => /^w\d+ /.test(w))).toBe(true);
    expect(windows.at(-1)).toContain("w3999");
  });
});

describe("passageLanguage", () => {
  it("reads a passage's own language, whatever its page's: an untranslated paragraph of a translated page is English", () => {
    const english = "Debian packages are installed with apt, which downloads them from the mirrors listed in sources.list and resolves their dependencies.";
    const french = "Les paquets Debian sont installés avec apt, qui les télécharge depuis les miroirs indiqués dans sources.list et résout leurs dépendances.";
    expect(passageLanguage(english, "fr")).toBe("en");
    expect(passageLanguage(french, "en")).toBe("fr");
    expect(passageLanguage(french, "fr")).toBe("fr");
  });

  it("gives a passage that tells no language by itself its page's", () => {
    expect(passageLanguage("libncurses5-dev", "pt")).toBe("pt");
    expect(passageLanguage("3.11.4 2023-06-06", "de")).toBe("de");
    expect(passageLanguage("", "fr")).toBe("fr");
    expect(passageLanguage("PYTHONPATH", "")).toBe("");
  });

  // A passage read again with the language it was given as the hint is given it again (docs/decisions/149-passages-read-again.md):
  // reading a source's passages again twice, or after a training that used the current rule, moves nothing.
  it("gives a passage read with its own answer as the hint that answer again, close calls and mixed languages too", () => {
    const fragments = [
      "Debian packages are installed with apt, which downloads them from the mirrors.",
      "Les paquets Debian sont installés avec apt, qui les télécharge depuis les miroirs.",
      "Los paquetes de Debian se instalan con apt, que los descarga de las réplicas.",
      "Os pacotes do Debian são instalados com o apt, que os descarrega dos espelhos.",
      "I pacchetti di Debian si installano con apt, che li scarica dai mirror.",
      "Die Pakete von Debian werden mit apt installiert, das sie von den Spiegeln lädt.",
      "apt-get install libncurses5-dev",
      "3.11.4 2023-06-06",
      "la casa",
      "de",
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...fragments), { minLength: 1, maxLength: 3 }), fc.constantFrom("en", "fr", "es", "pt", "it", "de", "nl", ""), (parts, page) => {
        const text = parts.join(" ");
        const read = passageLanguage(text, page);
        expect(passageLanguage(text, read)).toBe(read);
      }),
      { numRuns: 300 },
    );
  });
});
