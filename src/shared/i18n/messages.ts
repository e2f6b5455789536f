import { catalogueLanguage, type CatalogueLanguage } from "./languages";
import { de } from "./catalogues/de";
import { en, type Messages } from "./catalogues/en";
import { es } from "./catalogues/es";
import { fr } from "./catalogues/fr";
import { it } from "./catalogues/it";
import { nl } from "./catalogues/nl";
import { pt } from "./catalogues/pt";

export type { Messages } from "./catalogues/en";
/** The panel's own words, as its page's data carries them (src/shared/widget-wire.ts). */
export type PanelStrings = Messages["panel"];
/** The loader's words, as the widget's config carries them. */
export type LoaderStrings = Messages["loader"];

/** One catalogue per language (record 117). Server-side and the dashboard only: the widget gets its language's texts over the wire. */
export const CATALOGUES: Readonly<Record<CatalogueLanguage, Messages>> = { en, de, fr, es, it, nl, pt };

/** The catalogue for a chatbot's `default_language` (English for a code without one). */
export function messagesFor(language: string | null | undefined): Messages {
  return CATALOGUES[catalogueLanguage(language)];
}
