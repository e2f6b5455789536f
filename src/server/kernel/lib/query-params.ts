import { z } from "zod";

const DIGITS = /^[0-9]{1,15}$/;
const NOT_DIGITS = "The {field} field must be a whole number written in decimal digits.";

/**
 * A whole number from a query string, strictly: decimal digits only. `Number()`
 * (and so `z.coerce.number()`) reads "0x10" as 16, "1e2" as 100 and " 5" as 5;
 * those are 422 here. A JSON number (the tRPC caller) is accepted as is.
 */
export function queryInteger(bounds: { min: number; max?: number }) {
  let n = z.number({ error: (iss) => (iss.code === "invalid_type" && iss.input !== undefined ? NOT_DIGITS : undefined) }).int({ error: NOT_DIGITS }).min(bounds.min);
  if (bounds.max !== undefined) n = n.max(bounds.max);
  return z.preprocess((v) => (typeof v === "string" && DIGITS.test(v) ? Number(v) : v), n);
}
