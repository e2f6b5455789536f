import { detectLanguage, languageCode } from "@/server/kernel/language/detect";
import { documentText, type ExtractedDocument } from "@/server/training/extraction/extract";

/**
 * The language a document's passages are indexed in, ISO 639-1 (docs/decisions/116-passages-in-their-own-language.md):
 * the one it declares (`<html lang>`, Content-Language), else the one its text is written in, else the
 * chatbot's `default_language` ("" when that is no language code either: stemmed as `simple`).
 */
export function documentLanguage(document: ExtractedDocument, chatbotLanguage: string | null | undefined): string {
  return languageCode(document.language) ?? detectLanguage(`${document.title}\n\n${documentText(document)}`, chatbotLanguage) ?? languageCode(chatbotLanguage) ?? "";
}
