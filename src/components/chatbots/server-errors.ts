import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";

/**
 * Puts a 422's field errors (tRPC `data.fieldErrors`) on the form's fields;
 * answers the message to show for the form as a whole.
 */
export function applyServerErrors<T extends FieldValues>(
  error: { message: string; data?: { fieldErrors?: Record<string, string[]> } | null },
  setError: UseFormSetError<T>,
  fields: readonly string[],
): string {
  const entries = Object.entries(error.data?.fieldErrors ?? {});
  const known = entries.filter(([field]) => fields.includes(field));
  known.forEach(([field, messages], i) => setError(field as FieldPath<T>, { type: "server", message: messages[0] }, { shouldFocus: i === 0 }));
  if (known.length && known.length === entries.length) return "Some fields are not valid. Check the highlighted fields.";
  return error.message;
}
