import { isSupportedCountry } from "libphonenumber-js";

/** An ISO 3166-1 alpha-2 code libphonenumber knows. */
export default function isCountryCode(code: string): boolean {
  return /^[A-Za-z]{2}$/.test(code) && isSupportedCountry(code.toUpperCase());
}
