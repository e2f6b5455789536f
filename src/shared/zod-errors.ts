import { z, type ZodError } from "zod";

/**
 * Readable validation messages that name the field, like
 * "The name field is required." The error map cannot see the full path, so it
 * leaves a `{field}` placeholder that zodFieldErrors fills in.
 */
/** Messages per invalid field, as the `errors` of a 422 body. */
export type FieldErrors = Record<string, string[]>;

const F = "{field}";
z.config({
  customError: (iss) => {
    switch (iss.code) {
      case "invalid_type":
        if (iss.input === undefined) return `The ${F} field is required.`;
        if (iss.input === null) return `The ${F} field must not be null.`;
        return `The ${F} field must be ${article(iss.expected)}.`;
      case "too_small":
        if (iss.origin === "string") return iss.minimum === 1 ? `The ${F} field is required.` : `The ${F} field must be at least ${iss.minimum} characters.`;
        if (iss.origin === "array") return `The ${F} field must have at least ${iss.minimum} items.`;
        return `The ${F} field must be at least ${iss.minimum}.`;
      case "too_big":
        if (iss.origin === "string") return `The ${F} field must not be greater than ${iss.maximum} characters.`;
        if (iss.origin === "array") return `The ${F} field must not have more than ${iss.maximum} items.`;
        return `The ${F} field must not be greater than ${iss.maximum}.`;
      case "invalid_value":
        return `The ${F} field must be one of: ${iss.values.map(String).join(", ")}.`;
      case "invalid_format":
        return `The ${F} field must be a valid ${iss.format === "regex" ? "value" : iss.format}.`;
      case "unrecognized_keys":
        return `Unknown field${iss.keys.length > 1 ? "s" : ""}: ${iss.keys.join(", ")}.`;
      default:
        return undefined;
    }
  },
});

function article(type: string): string {
  if (type === "int") return "an integer";
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/**
 * An issue message with the field named: `{field}` becomes `welcome message` for `welcome_message`. A form
 * passes its label instead ("Answer" for `suggested_answer`), and the unit of a number ("px"), so the
 * message says what the person sees: "The height field must not be greater than 1200 px."
 */
export function withFieldName(message: string, field: string, unit?: string): string {
  const named = message.replaceAll(F, field.replace(/_/g, " "));
  return unit ? named.replace(/(at least|greater than) (-?[\d.]+)\.$/, `$1 $2 ${unit}.`) : named;
}

/** `{ "chatbot.name": ["..."] }`: one entry per invalid field, dotted paths. */
export function zodFieldErrors(error: ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join(".") : "body";
    (errors[field] ??= []).push(withFieldName(issue.message, field));
  }
  return errors;
}
