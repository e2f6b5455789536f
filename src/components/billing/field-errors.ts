import { fieldErrorsOf, type TrpcErrorLike } from "@/components/lib/trpc-error";

/** The server's message for one field of a failed mutation (the bridge names the field), else undefined. */
export function fieldError(error: TrpcErrorLike | null | undefined, field: string): string | undefined {
  return fieldErrorsOf(error)[field]?.[0];
}

/** The failure's message when no field of the form carries it. */
export function formLevelError(error: TrpcErrorLike | null | undefined, fields: string[]): string | null {
  if (!error) return null;
  const named = Object.keys(fieldErrorsOf(error));
  return named.some((f) => fields.includes(f)) ? null : error.message;
}
