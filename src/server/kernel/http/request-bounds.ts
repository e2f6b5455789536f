import { AppError, validationError } from "@/server/kernel/errors";

/**
 * Bounds on what a request may make the server do (docs/decisions/030-request-bounds-and-the-front-server.md), checked before
 * authentication and before any parsing: a body is read only up to 1 MB (413),
 * JSON is scanned for nesting depth before `JSON.parse` (400), and text that
 * would reach PostgreSQL is refused when it holds a NUL character (422, which
 * a `text` column cannot store).
 */
export const MAX_BODY_BYTES = 1024 * 1024;
export const MAX_JSON_DEPTH = 32;
/** File uploads (a 10 MB file as multipart, or base64 inside a dashboard call) are the one larger body. */
export const MAX_UPLOAD_BODY_BYTES = 15 * 1024 * 1024;
const UPLOAD_PATH = /\/sources\/files$|^\/api\/trpc\/chatbots\.sources\.uploadBase64$/;
/** The widget's public API takes a message and a few fields from anyone on the internet: a smaller bound. */
export const MAX_WIDGET_BODY_BYTES = 64 * 1024;
const WIDGET_API_PATH = /^\/api\/widget\//;

/**
 * The body bound of a request path, the one rule every reader applies (the
 * front server on `Content-Length`, then each body reader on the bytes):
 * 1 MB; MAX_UPLOAD_BODY_BYTES on the file-upload paths; MAX_WIDGET_BODY_BYTES
 * on the widget's public API.
 */
export function maxBodyBytesFor(pathname: string): number {
  if (UPLOAD_PATH.test(pathname)) return MAX_UPLOAD_BODY_BYTES;
  if (WIDGET_API_PATH.test(pathname)) return MAX_WIDGET_BODY_BYTES;
  return MAX_BODY_BYTES;
}

const sizeInWords = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`);

/**
 * The 413, with `Connection: close`: the rest of the body is never read (a
 * stream abandoned mid-way ends its connection), so the client must not send
 * its next request on this one.
 */
export function bodyTooLarge(max = MAX_BODY_BYTES): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `The request body must not be larger than ${max} bytes (${sizeInWords(max)}).`, {
    headers: { Connection: "close" },
  });
}

/** 413 from `Content-Length` alone, before a byte of the body is read. */
export function assertDeclaredLength(contentLength: string | null, max = MAX_BODY_BYTES): void {
  if (contentLength === null) return;
  const declared = Number(contentLength.trim());
  if (Number.isFinite(declared) && declared > max) throw bodyTooLarge(max);
}

/** The body as UTF-8 text, read as a stream and abandoned past the path's bound (a chunked body has no length to trust). */
export async function readBoundedText(req: Request): Promise<string> {
  const max = maxBodyBytesFor(new URL(req.url).pathname);
  assertDeclaredLength(req.headers.get("content-length"), max);
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw bodyTooLarge(max);
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
  // A file's bytes (multipart uploads) are not text: they are never walked.
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return [];
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
