import type { z } from "zod";
import { validationError } from "@/server/kernel/errors";
import { zodFieldErrors } from "@/shared/zod-errors";

/** Parses with `schema` or throws the 422 that names every invalid field. */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(zodFieldErrors(result.error));
  return result.data;
}
