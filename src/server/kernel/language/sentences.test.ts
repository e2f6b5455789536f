import { describe, expect, it } from "vitest";
import { sentencesOf } from "./sentences";

describe("sentences, whole", () => {
  it("keeps decimals, versions, dotted names and abbreviations inside their sentence", () => {
    expect(sentencesOf("Prices start at 9.99 euros. Use v2.1, e.g. The new one. Dr. Smith calls os.path.join() first. J. R. Smith agrees!", "en")).toEqual([
      "Prices start at 9.99 euros.",
      "Use v2.1, e.g. The new one.",
      "Dr. Smith calls os.path.join() first.",
      "J. R. Smith agrees!",
    ]);
  });

  it.each([
    ["de", "Das geht z. B. Mit apt. Vgl. Abschnitt 3. Fertig.", ["Das geht z. B. Mit apt.", "Vgl. Abschnitt 3.", "Fertig."]],
    ["es", "¿Qué es esto? Es, p. ej. Un paquete. ¡Hola!", ["¿Qué es esto?", "Es, p. ej. Un paquete.", "¡Hola!"]],
    ["fr", "« Bien. » Il part. C.-à-d. Demain.", ["« Bien. »", "Il part.", "C.-à-d. Demain."]],
    ["nl", "Dat kan bijv. Met apt. Klaar.", ["Dat kan bijv. Met apt.", "Klaar."]],
  ])("%s: its abbreviations and sentence marks", (language, text, sentences) => {
    expect(sentencesOf(text, language)).toEqual(sentences);
  });

  it("folds whitespace and drops lone characters", () => {
    expect(sentencesOf("  One\n sentence.  Two. X ", "en")).toEqual(["One sentence.", "Two."]);
  });
});
