import { code as currencyRecord, data as currencies } from "currency-codes";
import { z } from "zod";

/**
 * Money (docs/decisions/110-billing-follows-stripe-exactly-once.md): integers in the currency's minor unit
 * (cents; yen are whole), as Stripe takes them; a currency is an ISO 4217 code (lower case on the wire,
 * as Stripe writes it) — the `currency-codes` package's list less its entries for metals and testing, which
 * are no money anyone pays with. Pure: the UI formats with the same rules.
 */
const NOT_MONEY = new Set(currencies.filter((c) => c.countries.some((country) => country.startsWith("Zz"))).map((c) => c.code));

export const CURRENCIES = currencies.filter((c) => !NOT_MONEY.has(c.code)).map((c) => c.code.toLowerCase());

export function isCurrency(value: string): boolean {
  return CURRENCIES.includes(value.toLowerCase());
}

/** Decimal places of the currency's minor unit (2 for usd and eur, 0 for jpy). */
export function minorDigits(currency: string): number {
  return currencyRecord(currency)?.digits ?? 2;
}

/** An amount for people: "49.00 USD", "4,900 JPY". */
export function formatMoney(amount: number, currency: string): string {
  const digits = minorDigits(currency);
  const major = amount / 10 ** digits;
  return `${major.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${currency.toUpperCase()}`;
}

/** The largest amount we accept: Stripe's unit_amount is bounded by 99,999,999 in the minor unit. */
export const MAX_AMOUNT = 99_999_999;

/** A required amount field whose errors name it and say why (a negative, a fraction, a text). */
export function amountField(field: string, opts: { min?: number } = {}) {
  const min = opts.min ?? 0;
  return z
    .number({ error: (issue) => (issue.input === undefined ? `The ${field} field is required (an integer in the currency's minor unit, e.g. cents).` : `The ${field} field must be a number.`) })
    .int({ error: `The ${field} field must be a whole number of the currency's minor unit (e.g. 4900 for 49.00), not a fraction.` })
    .min(min, { error: min === 0 ? `The ${field} field must not be negative.` : `The ${field} field must be at least ${min}.` })
    .max(MAX_AMOUNT, { error: `The ${field} field must be at most ${MAX_AMOUNT}.` });
}

export const currencyField = z
  .string({ error: "The currency field is required (an ISO 4217 code such as usd or eur)." })
  .trim()
  .transform((v) => v.toLowerCase())
  .refine(isCurrency, { error: "The currency field must be an ISO 4217 currency code such as usd or eur." });

/** "49", "49.5" or "49.50" in a currency → its minor units (4950); null when it is not such an amount. */
export function parseMoney(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const match = /^(\d{1,9})(?:[.,](\d+))?$/.exec(text.trim());
  if (!match || (match[2] ?? "").length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number((match[2] ?? "").padEnd(digits, "0") || 0);
}
