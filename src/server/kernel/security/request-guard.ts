import type { AppError } from "@/server/kernel/errors";
import { assertDeclaredLength, maxBodyBytesFor } from "@/server/kernel/http/request-bounds";

/**
 * Refusals that need no routing, made by scripts/serve.ts before Next sees the request
 * (docs/decisions/031-security-headers-and-browser-only-surfaces.md), each a JSON `{message}`: methods the app never serves (TRACE,
 * CONNECT, WebDAV…) 405; a path with invalid percent-encoding 400 (Next would
 * fail to decode it: a 500) or with dot segments 400; a declared body over 1 MB 413, before a byte is read.
 */
export const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export interface EarlyRefusal {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

export function earlyRefusal(req: { method: string; pathname: string; contentLength: string | null }): EarlyRefusal | null {
  if (!(SERVED_METHODS as readonly string[]).includes(req.method.toUpperCase())) {
    return { status: 405, message: `The ${req.method} method is not supported.`, headers: { Allow: SERVED_METHODS.join(", ") } };
  }
  try {
    decodeURIComponent(req.pathname);
  } catch {
    return { status: 400, message: "The request path contains invalid percent-encoding." };
  }
  // `/v1/%2e%2e/x` would be routed as `/x`: clients normalise dot segments before sending, so refuse them.
  if (new URL(req.pathname, "http://x").pathname !== req.pathname) {
    return { status: 400, message: "The request path must not contain dot segments." };
  }
  try {
    assertDeclaredLength(req.contentLength, maxBodyBytesFor(req.pathname));
  } catch (error) {
    const tooLarge = error as AppError;
    return { status: tooLarge.status, message: tooLarge.message };
  }
  return null;
}
