import pg from "pg";
import { IntrinsicDate } from "@/server/kernel/lib/intrinsic-date";

/**
 * How our pool's pg connections read column values: pg's own parsers, except a quicker one for
 * `timestamptz` in the form PostgreSQL writes it in a UTC session (`2026-11-26 13:22:48.123456+00`).
 * Every list the API returns reads two or three timestamps a row, and pg's parser (postgres-date: three
 * regular expressions, `parseFloat`, a `Date` set twice) was ~5 % of a conversations page's CPU (docs/decisions/093-native-spread-in-trpc.md).
 * Anything else (another time zone, BC, ±infinity, years past 9999) goes to pg's parser; the quick one
 * returns the same instant (`pg-types.test.ts` holds the two equal on generated timestamps). Prisma reads
 * through its adapter's own parsers and is not affected.
 */
const TIMESTAMPTZ = 1184;
const defaultTimestamptz = pg.types.getTypeParser(TIMESTAMPTZ, "text") as (text: string) => Date | number;

const digit = (text: string, at: number) => text.charCodeAt(at) - 48;
const twoDigits = (text: string, at: number) => digit(text, at) * 10 + digit(text, at + 1);

/** The form PostgreSQL writes a `timestamptz` in a UTC session, for years 1000–9999. */
const UTC_TIMESTAMP = /^[1-9]\d{3}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?\+00$/;

/** `YYYY-MM-DD HH:MM:SS[.f{1,6}]+00` as a Date, read digit by digit; any other form through pg's parser. */
export function parseTimestamptz(text: string): Date | number {
  if (!UTC_TIMESTAMP.test(text)) return defaultTimestamptz(text);
  const fractionEnd = text.length - 3;
  let ms = 0;
  // The fraction's first three digits, zero-padded: the milliseconds pg's parser keeps (it drops the rest).
  for (let i = 20, scale = 100; i < 23 && i < fractionEnd; i++, scale /= 10) ms += digit(text, i) * scale;
  const year = digit(text, 0) * 1000 + digit(text, 1) * 100 + twoDigits(text, 2);
  // The language's own Date, not Next's extension of it (kernel/lib/intrinsic-date.ts).
  return new IntrinsicDate(Date.UTC(year, twoDigits(text, 5) - 1, twoDigits(text, 8), twoDigits(text, 11), twoDigits(text, 14), twoDigits(text, 17), ms));
}

/** The `types` of our pg pool (kernel/db/client.ts). */
export const poolTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === TIMESTAMPTZ && format !== "binary") return parseTimestamptz;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;
