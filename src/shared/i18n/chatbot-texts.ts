import { CATALOGUES, messagesFor, type Messages } from "./messages";

/** A chatbot's own texts that have a default in every catalogue. */
export type ChatbotTexts = { [K in keyof Messages["chatbot"]]: string };
const KEYS = Object.keys(CATALOGUES.en.chatbot) as Array<keyof ChatbotTexts>;

/** A new chatbot's language and the texts it starts with in it (the columns' defaults are the English ones). */
export function newChatbotTexts(language = "en"): ChatbotTexts & { defaultLanguage: string } {
  return { defaultLanguage: language, ...messagesFor(language).chatbot };
}

const isSomeDefault = (key: keyof ChatbotTexts, value: string) => Object.values(CATALOGUES).some((m) => m.chatbot[key] === value);

/**
 * The chatbot with each text nobody changed — still the default of one of the catalogues — in its own
 * language (record 117): a chatbot made before it had a language, or whose language changed since, says
 * "Hallo! …" once it is German. A text someone wrote is theirs and stays as written.
 */
export function textsInItsLanguage<T extends ChatbotTexts & { defaultLanguage: string }>(chatbot: T): T {
  const own = messagesFor(chatbot.defaultLanguage).chatbot;
  const changed = KEYS.filter((key) => chatbot[key] !== own[key] && isSomeDefault(key, chatbot[key]));
  return changed.length ? { ...chatbot, ...Object.fromEntries(changed.map((key) => [key, own[key]])) } : chatbot;
}
