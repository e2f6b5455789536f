import { AppError } from "@/server/errors";

/** Pure HTTP header rules of the REST surface (DESIGN §6). */

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

/** The JSON object body of a request: `{}` when empty; 415 when not JSON, 400 when malformed, 422 when not an object. */
export async function readJsonBody(req: Request): Promise<Record<string, unknown>> {
  const text = await req.text();
  if (!text.trim()) return {};
  if (!isJsonContentType(req.headers.get("content-type"))) throw new AppError("UNSUPPORTED_MEDIA_TYPE");
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

/** Room for the multipart framing and small text fields around the files. */
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

async function readBounded(req: Request, limit: number): Promise<ArrayBuffer> {
  const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", `The request body must not be larger than ${Math.round(limit / 1024 / 1024)} MB.`);
  if (Number(req.headers.get("content-length") ?? 0) > limit) throw tooLarge();
  if (!req.body) return new ArrayBuffer(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const all = Buffer.concat(chunks);
  return all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer;
}

/**
 * A `multipart/form-data` body (415 otherwise, 413 past the bound, 400 when
 * malformed): text fields as strings, the declared file fields as
 * `{name, type, data}`.
 */
export async function readMultipartBody(req: Request, spec: { files: string[]; maxBytes: number }): Promise<Record<string, unknown>> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Request bodies must be sent as multipart/form-data.");
  const raw = await readBounded(req, spec.maxBytes + MULTIPART_OVERHEAD_BYTES);
  let form: FormData;
  try {
    form = await new Response(raw, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new AppError("BAD_REQUEST", "The multipart body could not be parsed.");
  }
  const out: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") out[name] = value;
    else if (spec.files.includes(name)) out[name] = { name: value.name, type: value.type, data: new Uint8Array(await value.arrayBuffer()) };
  }
  return out;
}
