import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { fieldErrorsOf, type TrpcErrorLike } from "@/components/lib/trpc-error";

/**
 * Puts the server's field errors (`error.data.fieldErrors`, dotted paths) next
 * to the form's own fields. Returns the messages of fields the form does not have.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: TrpcErrorLike | null | undefined,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string[] {
  const rest: string[] = [];
  for (const [field, messages] of Object.entries(fieldErrorsOf(error))) {
    const known = fields.find((f) => f === field);
    if (known && messages[0]) setError(known, { type: "server", message: messages[0] }, { shouldFocus: true });
    else rest.push(...messages);
  }
  return rest;
}
