import { z } from "zod";
import { CATALOGUE_LANGUAGES, supportedLanguage } from "./languages";

/** `{field}` is filled with the field's name (src/shared/zod-errors.ts). */
export const LANGUAGE_CODE_MESSAGE = `The {field} field must be a supported language code: ${CATALOGUE_LANGUAGES.join(", ")} (a region may follow, as in pt-BR).`;

/** A chatbot's `default_language` on create and in its settings: a language with a catalogue, stored as "de" or "pt-BR". */
export const languageCodeField = z
  .string()
  .trim()
  .max(35)
  .refine((code) => supportedLanguage(code) !== null, LANGUAGE_CODE_MESSAGE)
  .transform((code) => supportedLanguage(code)!)
  .meta({ description: `ISO 639-1 code of a supported language (${CATALOGUE_LANGUAGES.join(", ")}), optionally with a region (pt-BR).` });
