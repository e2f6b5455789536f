import { AppError } from "@/server/kernel/errors";
import { assertJsonDepth, readBoundedText } from "@/server/kernel/http/request-bounds";

/** Pure HTTP header rules of the REST surface (docs/decisions/003-one-set-of-procedures-rest-bridge.md). */

const JSON_SUFFIX = /^application\/[\w.+-]*\+json$/;

/** No `Accept` means JSON; otherwise JSON must be among the acceptable types. */
export function acceptsJson(accept: string | null): boolean {
  if (!accept || !accept.trim()) return true;
  return accept.split(",").some((part) => {
    const [type = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q && Number(q.slice(2)) === 0) return false;
    return ["application/json", "application/*", "*/*"].includes(type.trim()) || JSON_SUFFIX.test(type.trim());
  });
}

/** `application/json` (any parameters, any `+json` subtype). */
export function isJsonContentType(contentType: string | null): boolean {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || JSON_SUFFIX.test(type);
}

/**
 * The JSON object body of a request: `{}` when empty; 413 past 1 MB, 415 when
 * not JSON, 400 when malformed or nested too deep, 422 when not an object.
 */
export async function readJsonBody(req: Request): Promise<Record<string, unknown>> {
  const text = await readBoundedText(req);
  if (!text.trim()) return {};
  if (!isJsonContentType(req.headers.get("content-type"))) throw new AppError("UNSUPPORTED_MEDIA_TYPE");
  assertJsonDepth(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError("MALFORMED_JSON");
  }
  if (parsed === null) return {};
  if (typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new AppError("VALIDATION", "The request body must be a JSON object.", { errors: { body: ["The request body must be a JSON object."] } });
  }
  return parsed as Record<string, unknown>;
}

/** `multipart/form-data` bodies are streamed into a parser with bounds (kernel/http/multipart.ts). */
export { readMultipartBody } from "@/server/kernel/http/multipart";
