import { z } from "zod";
import { env } from "@/server/kernel/env";
import { restEndpoints, type RestEndpoint } from "@/server/transport/rest/registry";

/**
 * OpenAPI 3.1 document generated from the same zod schemas the procedures
 * validate with: it grows by itself with every procedure that declares a
 * REST route.
 */
type JsonSchema = Record<string, unknown>;

const errorBody: JsonSchema = {
  type: "object",
  required: ["message"],
  properties: {
    message: { type: "string" },
    errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
  },
};

/** Named schemas (`.meta({ id })`) shared by every operation, under components.schemas. */
const components: Record<string, JsonSchema> = {};

function toSchema(schema: unknown, io: "input" | "output"): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  delete json.$schema;
  const defs = json.$defs as Record<string, JsonSchema> | undefined;
  delete json.$defs;
  for (const [id, def] of Object.entries(defs ?? {})) components[id] = rewriteRefs(def);
  return rewriteRefs(json);
}

function rewriteRefs<T>(value: T): T {
  if (Array.isArray(value)) return value.map(rewriteRefs) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k === "$ref" && typeof v === "string" ? v.replace("#/$defs/", "#/components/schemas/") : rewriteRefs(v)]),
    ) as T;
  }
  return value;
}

/** A procedure's input: chained `.input()` objects (e.g. `chatbotProcedure` + its own fields) merge into one. */
function mergedInput(inputs: unknown[]): z.ZodType | undefined {
  const schemas = inputs.filter((i): i is z.ZodType => i instanceof z.ZodType);
  if (schemas.length <= 1) return schemas[0];
  if (!schemas.every((s) => s instanceof z.ZodObject)) return schemas[0];
  return z.object(Object.assign({}, ...schemas.map((s) => (s as z.ZodObject).shape)));
}

function operation(endpoint: RestEndpoint) {
  const def = endpoint.procedure._def as { inputs: unknown[]; output?: unknown };
  const input = mergedInput(def.inputs);
  const inputJson = input ? toSchema(input, "input") : undefined;
  const props = ((inputJson?.anyOf as JsonSchema[] | undefined)?.[0] ?? inputJson)?.properties as Record<string, JsonSchema> | undefined;
  const required = new Set((inputJson?.required as string[] | undefined) ?? []);
  const pathNames = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);

  const parameters: JsonSchema[] = pathNames.map((name) => ({ name, in: "path", required: true, schema: props?.[name] ?? { type: "string" } }));
  const bodyProps: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(props ?? {})) {
    if (pathNames.includes(name)) continue;
    if (endpoint.method === "GET" || endpoint.method === "DELETE") parameters.push({ name, in: "query", required: required.has(name), schema });
    else bodyProps[name] = schema;
  }
  if (endpoint.idempotency) {
    parameters.push({ name: "Idempotency-Key", in: "header", required: endpoint.idempotency === "required", schema: { type: "string" } });
  }
  const status = String(endpoint.status ?? 200);
  const output = toSchema(def.output, "output");
  const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });
  return {
    operationId: endpoint.procedurePath,
    summary: endpoint.summary,
    tags: endpoint.tags,
    security: [{ bearerAuth: [] }],
    parameters,
    ...(Object.keys(bodyProps).length
      ? {
          requestBody: {
            required: [...required].some((n) => n in bodyProps),
            content: endpoint.multipart
              ? {
                  "multipart/form-data": {
                    schema: {
                      type: "object",
                      properties: Object.fromEntries(Object.entries(bodyProps).map(([n, s]) => [n, endpoint.multipart!.files.includes(n) ? { type: "string", format: "binary" } : s])),
                      required: [...required].filter((n) => n in bodyProps),
                    },
                  },
                }
              : { "application/json": { schema: { type: "object", properties: bodyProps, required: [...required].filter((n) => n in bodyProps) } } },
          },
        }
      : {}),
    responses: {
      [status]:
        status === "204"
          ? { description: "No content" }
          : endpoint.produces
            ? { description: "Success", content: { [endpoint.produces]: { schema: { type: "string", format: "binary" } } } }
            : { description: "Success", content: { "application/json": { schema: output ?? {} } } },
      "401": errorResponse("Missing, malformed, unknown or revoked token"),
      "404": errorResponse("Not found, or not visible to the caller"),
      "422": errorResponse("Validation failed"),
    },
  };
}

export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, endpoints] of restEndpoints()) {
    paths[path] = Object.fromEntries(endpoints.map((e) => [e.method.toLowerCase(), operation(e)]));
  }
  return {
    openapi: "3.1.0",
    info: { title: "Agency Chatbot Platform API", version: "1.0.0" },
    servers: [{ url: env().APP_URL }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "API token (acp_…)" } },
      schemas: { Error: errorBody, ...components },
    },
  };
}
