import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "./messages";
import { CATALOGUE_LANGUAGES } from "./languages";

/** Every catalogue says the same things (record 117): the English keys, exactly, and the same placeholders in each text. */
const keysOf = (messages: object) => Object.entries(messages).flatMap(([section, texts]) => Object.keys(texts as object).map((key) => `${section}.${key}`)).sort();
const textOf = (messages: object, path: string) => {
  const [section, key] = path.split(".") as [string, string];
  return (messages as Record<string, Record<string, string>>)[section]![key]!;
};
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

const ENGLISH_KEYS = keysOf(CATALOGUES.en);
/** Words that are the same in another language (a chat is a "Chat" in German too). */
const SAME_WORD = new Set(["Chat", "Sources", "Conversation", "Message"]);

describe("the message catalogues", () => {
  it("has one per supported language", () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...CATALOGUE_LANGUAGES].sort());
    expect(ENGLISH_KEYS.length).toBeGreaterThan(70);
  });

  it.each(Object.entries(CATALOGUES))("%s has exactly the English keys, each a text with the English one's placeholders", (language, messages) => {
    expect(keysOf(messages)).toEqual(ENGLISH_KEYS);
    for (const path of ENGLISH_KEYS) {
      const text = textOf(messages, path);
      expect(typeof text, `${language} ${path}`).toBe("string");
      expect(text.trim(), `${language} ${path}`).not.toBe("");
      expect(placeholders(text), `${language} ${path}`).toEqual(placeholders(textOf(CATALOGUES.en, path)));
    }
  });

  it.each(Object.entries(CATALOGUES).filter(([language]) => language !== "en"))("%s is translated, not English left in place", (language, messages) => {
    const untranslated = ENGLISH_KEYS.filter((path) => textOf(messages, path) === textOf(CATALOGUES.en, path) && !SAME_WORD.has(textOf(messages, path)));
    expect(untranslated, language).toEqual([]);
  });

  it("English defaults are the columns' defaults: a chatbot nobody changed is recognised as untouched", () => {
    const schema = readFileSync("prisma/schema.prisma", "utf8");
    const columnDefault = (field: string) => new RegExp(`^\\s+${field}\\s+String\\s+@default\\("([^"]*)"\\)`, "m").exec(schema)?.[1];
    for (const [field, text] of Object.entries(CATALOGUES.en.chatbot)) expect(columnDefault(field), field).toBe(text);
  });
});
