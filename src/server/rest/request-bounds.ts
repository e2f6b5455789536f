import { AppError, validationError } from "@/server/errors";

/**
 * Bounds on what a request may make the server do (DESIGN §13), checked before
 * authentication and before any parsing: a body is read only up to 1 MB (413),
 * JSON is scanned for nesting depth before `JSON.parse` (400), and text that
 * would reach PostgreSQL is refused when it holds a NUL character (422, which
 * a `text` column cannot store).
 */
export const MAX_BODY_BYTES = 1024 * 1024;
export const MAX_JSON_DEPTH = 32;

export function bodyTooLarge(): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `The request body must not be larger than ${MAX_BODY_BYTES} bytes (1 MB).`);
}

/** 413 from `Content-Length` alone, before a byte of the body is read. */
export function assertDeclaredLength(contentLength: string | null): void {
  if (contentLength === null) return;
  const declared = Number(contentLength.trim());
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw bodyTooLarge();
}

/** The body as UTF-8 text, read as a stream and abandoned past MAX_BODY_BYTES (a chunked body has no length to trust). */
export async function readBoundedText(req: Request): Promise<string> {
  assertDeclaredLength(req.headers.get("content-length"));
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw bodyTooLarge();
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new AppError("MALFORMED_JSON", "The request body is not valid UTF-8.");
  }
}

/** 400 when arrays/objects nest deeper than `max`; a linear scan that skips string contents. */
export function assertJsonDepth(text: string, max = MAX_JSON_DEPTH): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) throw new AppError("BAD_REQUEST", `The request body is nested deeper than ${max} levels.`);
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
}

/** Dotted paths of every string (or key) holding a NUL character. */
export function fieldsWithNul(value: unknown, path = ""): string[] {
  if (typeof value === "string") return value.includes("\u0000") ? [path || "body"] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => fieldsWithNul(v, path ? `${path}.${i}` : String(i)));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => {
      const field = path ? `${path}.${k}` : k;
      return k.includes("\u0000") ? [field.replaceAll("\u0000", "\\u0000")] : fieldsWithNul(v, field);
    });
  }
  return [];
}

/** 422 naming each field whose text holds a NUL character. */
export function assertNoNul(input: Record<string, unknown>): void {
  const fields = fieldsWithNul(input);
  if (!fields.length) return;
  throw validationError(Object.fromEntries(fields.map((f) => [f, [`The ${f.replace(/_/g, " ")} field must not contain NUL characters.`]])));
}
