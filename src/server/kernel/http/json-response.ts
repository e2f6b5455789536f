import type { AppError } from "@/server/kernel/errors";

/**
 * How every JSON answer and every error leaves the server
 * (docs/decisions/004-error-shape-and-status-codes.md): one set of headers and one
 * error body `{message, errors?}`, for the REST bridge, the dashboard's tRPC
 * transport, the widget's public API, the answer stream and the front server
 * (scripts/serve.ts, which writes them on Node's response before a route exists).
 */
export const JSON_HEADERS = {
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
} as const;

/** A JSON response (204: no body). */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  if (status === 204) return new Response(null, { status, headers: { "Cache-Control": "no-store", ...headers } });
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/** The documented error answer of an application error, with its own headers (Retry-After, Allow…). */
export function errorResponse(error: AppError, headers: Record<string, string> = {}): Response {
  return jsonResponse(error.status, error.body(), { ...headers, ...error.headers });
}

/** The error body's text for writers below the Web Response (Node's `res`, a raw socket). */
export const errorBodyText = (message: string) => JSON.stringify({ message });
