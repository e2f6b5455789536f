/**
 * Redaction of personal data in a visitor's message (docs/decisions/125-redaction-and-the-agencys-visits.md),
 * for chatbots with `redact_pii` on: the engine masks the message once, before it is stored, sent to the
 * LLM or carried by a webhook. Each kind is replaced by a token — `[email]`, `[iban]`, `[card]`, `[phone]` —
 * and only what passes its check is masked:
 *
 * - e-mail addresses: the lead detector's pattern (rules/leads.ts), plus-addresses and subdomains included;
 * - IBANs: a country code, two check digits and 11–30 letters or digits (compact or in groups of four),
 *   kept only when the ISO 13616 mod-97 check gives 1;
 * - card numbers: 13–19 digits, spaces or dashes between them, starting 2–6 (the major networks' ranges),
 *   kept only when the Luhn check passes;
 * - phone numbers: libphonenumber-js, international formats everywhere and national ones in the visitor's
 *   country, valid numbers of at least 8 digits that are neither a date nor a number after `#` or a word
 *   such as "order" or "invoice".
 *
 * Pure: no I/O, so the unit tests pin it on real-world formats.
 */
import { findPhoneNumbersInText, type CountryCode } from "libphonenumber-js";
import isCountryCode from "./country-code";
import { EMAIL_PATTERN } from "./leads";

export const REDACTION_TOKENS = { email: "[email]", iban: "[iban]", card: "[card]", phone: "[phone]" } as const;

const EMAILS = new RegExp(EMAIL_PATTERN.source, "g");
/** A candidate IBAN: country, check digits, then groups of four (the last shorter), spaced or not. */
const IBANS = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b/gi;
/** A candidate card number: 13–19 digits with single spaces or dashes between them, not inside a longer number. */
const CARDS = /(?<![\d-])[2-6](?:[ -]?\d){12,18}(?![\d-])/g;
/** What precedes a number that names a thing rather than a person: `#1234`, "order 1234", "invoice no. 1234". */
const REFERENCE_BEFORE = /(?:#|\b(?:order|invoice|ticket|ref|reference|booking|tracking|account)\b\.?(?:\s*(?:no|nr|number|#)\.?)?)\s*$/i;
const DATE = /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$/;
const MIN_PHONE_DIGITS = 8;

/** ISO 13616: the first four characters moved to the end, letters as 10–35, the number mod 97 is 1. */
export function ibanChecks(candidate: string): boolean {
  const iban = candidate.replace(/ /g, "").toUpperCase();
  if (iban.length < 15 || iban.length > 34) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

/** The Luhn check of a card number (spaces and dashes ignored). */
export function luhnChecks(candidate: string): boolean {
  const digits = candidate.replace(/\D/g, "");
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length >= 13 && digits.length <= 19 && sum % 10 === 0;
}

/** The longest leading run of groups that is a valid IBAN (a word after it may have been read as a group), masked. */
function maskIban(match: string): string {
  const ends = [match.length, ...[...match.matchAll(/ /g)].map((m) => m.index).reverse()];
  const end = ends.find((e) => ibanChecks(match.slice(0, e)));
  return end === undefined ? match : REDACTION_TOKENS.iban + match.slice(end);
}

function maskPhones(text: string, country: CountryCode | undefined): string {
  const found = findPhoneNumbersInText(text, country ? { defaultCountry: country } : undefined);
  let out = "";
  let at = 0;
  for (const { number, startsAt, endsAt } of found) {
    const raw = text.slice(startsAt, endsAt);
    const isReference = REFERENCE_BEFORE.test(text.slice(Math.max(0, startsAt - 24), startsAt));
    if (!number.isValid() || raw.replace(/\D/g, "").length < MIN_PHONE_DIGITS || DATE.test(raw) || isReference) continue;
    out += text.slice(at, startsAt) + REDACTION_TOKENS.phone;
    at = endsAt;
  }
  return out + text.slice(at);
}

/**
 * The message with its e-mail addresses, IBANs, card numbers and phone numbers masked; `countryCode` (the
 * visitor's, from the IP) lets national phone formats be read, else only international ones are.
 */
export function redactPersonalData(text: string, countryCode: string | null): string {
  const country = countryCode && isCountryCode(countryCode) ? (countryCode.toUpperCase() as CountryCode) : undefined;
  const masked = text
    .replace(EMAILS, REDACTION_TOKENS.email)
    .replace(IBANS, maskIban)
    .replace(CARDS, (match) => (luhnChecks(match) ? REDACTION_TOKENS.card : match));
  return maskPhones(masked, country);
}
