/** What the billing capability shares with the browser: pure rules, no I/O (imported by src/components). */
export { CURRENCIES, formatMoney, minorDigits, parseMoney } from "./rules/money";
export { marginPercent } from "./rules/margin";
