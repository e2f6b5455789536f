import { Ajv, type ValidateFunction } from "ajv";
import { urlPlaceholders } from "./rules";
import { BoundedMemo } from "@/server/kernel/lib/bounded-memo";

/**
 * An action's parameters are a JSON Schema: checked against the meta-schema when saved (a broken schema is a
 * 422 on `parameters`, never a model request the provider rejects), and the model's arguments checked against
 * it before any HTTP call.
 */
const ajv = new Ajv({ allErrors: false, strict: false });

/** Why a parameters schema (and the URL's placeholders) cannot be saved, by field; null when fine. */
export function parametersRefusal(parameters: Record<string, unknown>, url: string): Record<string, string[]> | null {
  if (!ajv.validateSchema(parameters)) {
    const first = ajv.errors?.[0];
    return { parameters: [`The parameters field is not a valid JSON Schema: ${first ? `${first.instancePath || "/"} ${first.message}` : "invalid"}.`] };
  }
  try {
    ajv.compile(parameters);
  } catch (error) {
    return { parameters: [`The parameters field is not a valid JSON Schema: ${(error as Error).message}.`] };
  }
  const properties = (parameters.properties ?? {}) as Record<string, unknown>;
  const missing = urlPlaceholders(url).filter((p) => !(p in properties));
  if (missing.length) return { url: [`The url field uses ${missing.map((p) => `{${p}}`).join(", ")}, which the parameters do not define.`] };
  return null;
}

const compiled = new BoundedMemo<string, ValidateFunction>(500);

/** The arguments' first problem against the schema, or null. Compiled once per schema text. */
export function argumentsRefusal(parameters: unknown, args: unknown): string | null {
  const key = JSON.stringify(parameters);
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(parameters as object);
    compiled.set(key, validate);
  }
  if (validate(args)) return null;
  const first = validate.errors?.[0];
  return first ? `${first.instancePath || "arguments"} ${first.message}` : "invalid arguments";
}
