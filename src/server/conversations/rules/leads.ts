/**
 * Lead detection (docs/decisions/024-recording-turns-leads-and-escalations.md): an e-mail address or a phone number in a
 * visitor's message. Phone numbers are parsed with libphonenumber-js, local
 * formats in the visitor's country (from the IP), and kept in E.164.
 */
import { findPhoneNumbersInText, type CountryCode } from "libphonenumber-js";
import isCountryCode from "./country-code";

/** An e-mail address (the first one; the redaction rules use it globally). */
export const EMAIL_PATTERN = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}/;

export interface DetectedContact {
  email: string | null;
  phone: string | null;
}

export function detectContact(text: string, countryCode: string | null): DetectedContact {
  const email = EMAIL_PATTERN.exec(text)?.[0].replace(/\.$/, "").toLowerCase() ?? null;
  const withoutEmail = email ? text.replace(EMAIL_PATTERN, " ") : text;
  const region = countryCode && isCountryCode(countryCode) ? (countryCode.toUpperCase() as CountryCode) : undefined;
  const found = findPhoneNumbersInText(withoutEmail, region ? { defaultCountry: region } : undefined).find((f) => f.number.isValid());
  return { email, phone: found ? found.number.number : null };
}

export const hasContact = (c: DetectedContact) => Boolean(c.email || c.phone);
