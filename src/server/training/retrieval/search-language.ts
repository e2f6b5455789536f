/**
 * The PostgreSQL text search configuration for a language code (a chatbot's `default_language`, a page's or a
 * question's language: "en", "pt-BR"): the language toolkit's one list (kernel/language/languages.ts), so the
 * index and the answer rules know the same languages. Languages PostgreSQL has no stemmer for get `simple`.
 */
export { textSearchConfig as searchConfigFor } from "@/server/kernel/language";
