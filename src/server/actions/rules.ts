import { z } from "zod";

/**
 * HTTP actions (docs/decisions/076-http-actions.md): the input rules shared by the dashboard form and the
 * procedures. Pure. The JSON Schema of `parameters` is checked against the meta-schema on the server
 * (`parameters-schema.ts`); here only its outer shape.
 */
export const ACTION_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type ActionMethod = (typeof ACTION_METHODS)[number];

export const ACTION_LIMITS = { perChatbot: 20, name: 64, description: 1000, url: 2048, headers: 20, headerName: 100, headerValue: 4000 } as const;

/** `{name}` placeholders of a URL template. */
export function urlPlaceholders(template: string): string[] {
  return [...template.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]!);
}

/** Whether a URL template is an http(s) URL once its placeholders are filled. */
export function isUrlTemplate(template: string): boolean {
  const filled = template.replace(/\{([A-Za-z0-9_]+)\}/g, "x");
  return !/[{}]/.test(filled) && z.url({ protocol: /^https?$/ }).safeParse(filled).success;
}

const headerName = z
  .string()
  .trim()
  .min(1)
  .max(ACTION_LIMITS.headerName)
  .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, "The {field} field must be a valid HTTP header name.");

/** A header to send; `value` omitted on an update keeps the value stored under that name (values are never read back). */
export const actionHeaderInput = z.object({ name: headerName, value: z.string().max(ACTION_LIMITS.headerValue).optional() });

const parametersShape = z
  .record(z.string(), z.unknown())
  .refine((schema) => schema.type === "object", "The {field} field must be a JSON Schema with \"type\": \"object\".");

export const actionFields = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "The {field} field may use only letters, digits, _ and - (1 to 64 characters)."),
  description: z.string().trim().min(1).max(ACTION_LIMITS.description),
  method: z.enum(ACTION_METHODS),
  url: z.string().trim().min(1).max(ACTION_LIMITS.url).refine(isUrlTemplate, "The {field} field must be an http:// or https:// URL; {name} placeholders are filled from the parameters."),
  headers: z.array(actionHeaderInput).max(ACTION_LIMITS.headers),
  parameters: parametersShape,
});

export const EMPTY_PARAMETERS = { type: "object", properties: {} } as const;

/** Create: headers and parameters may be left out. */
export const actionCreateInput = actionFields.extend({
  headers: actionFields.shape.headers.default([]),
  parameters: parametersShape.default({ ...EMPTY_PARAMETERS, properties: {} }),
});
export const actionPatchInput = actionFields.partial();

export type ActionCreateValues = z.output<typeof actionCreateInput>;
export type ActionPatchValues = z.output<typeof actionPatchInput>;
