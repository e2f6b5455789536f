import { env } from "@/server/kernel/env";
import { AppError } from "@/server/kernel/errors";
import { errorResponse } from "@/server/kernel/http/json-response";
import { assertJsonDepth, readBoundedText } from "@/server/kernel/http/request-bounds";
import { requestHost } from "@/server/kernel/security/peer-address";
import { minLsnCookie, writePosition } from "@/server/kernel/db/replicas";

/**
 * What /api/trpc (the dashboard's transport) accepts before tRPC sees a
 * request (docs/decisions/009-api-tokens-sessions-and-passwords.md): same-origin browser requests only, bodies within the
 * REST bounds, batches of at most MAX_TRPC_BATCH calls (passed to tRPC's own
 * `maxBatchSize`). Sessions only: createContext ignores bearer tokens there.
 */
export const MAX_TRPC_BATCH = 20;

/**
 * Why a request is not same-origin, or null. `Sec-Fetch-Site` (every current
 * browser) must be `same-origin` (or `none`: typed by the user); an `Origin`,
 * when sent, must be the app's (APP_URL) or the request's own host. A request
 * with neither header is not from a browser page and carries no ambient cookie
 * risk, so it is left to authentication. The request's own host is
 * `X-Forwarded-Host` only behind a trusted proxy (requestHost).
 */
export function crossOriginReason(headers: Headers, appUrl: string, trustedHops?: number): string | null {
  const site = headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return `Sec-Fetch-Site is ${site}`;
  const origin = headers.get("origin");
  if (origin === null) return null;
  const host = requestHost(headers, trustedHops);
  const allowed = new Set([new URL(appUrl).origin]);
  if (host) for (const scheme of ["http", "https"]) allowed.add(`${scheme}://${host}`);
  return allowed.has(origin) ? null : `Origin ${origin} is not this application`;
}

const refuse = (error: AppError) => errorResponse(error);

/** The request to hand to tRPC (its body read within bounds), or the JSON error that refuses it. */
export async function admitDashboardRequest(req: Request): Promise<Request | Response> {
  const reason = crossOriginReason(req.headers, env().APP_URL);
  if (reason) return refuse(new AppError("FORBIDDEN", `Cross-origin requests to the dashboard API are not allowed (${reason}).`));
  if (req.method !== "POST") return req;
  try {
    const text = await readBoundedText(req);
    assertJsonDepth(text);
    return new Request(req.url, { method: req.method, headers: req.headers, body: text, signal: req.signal });
  } catch (error) {
    if (error instanceof AppError) return refuse(error);
    throw error;
  }
}

/**
 * tRPC's error answers in the product's error shape too: JSON (tRPC labels
 * some, e.g. its 415, `text/plain`), and a single call's error also carries
 * its message at the top level, `{message, error}` (tRPC's own client reads
 * `error`; anyone else finds `message` where every other API puts it). A
 * batch's answer stays the array tRPC's client expects.
 */
export async function withJsonErrorBody(res: Response): Promise<Response> {
  if (res.status < 400) return res;
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = { message: text || "Error." };
  }
  if (body && typeof body === "object" && !Array.isArray(body)) {
    const error = (body as { error?: { message?: unknown } }).error;
    if (typeof error?.message === "string" && !("message" in body)) body = { message: error.message, ...body };
  }
  const headers = new Headers(res.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.delete("Content-Length");
  return new Response(JSON.stringify(body), { status: res.status, statusText: res.statusText, headers });
}

/**
 * After a mutation (a POST that succeeded), the primary's WAL position in a short-lived cookie: the
 * dashboard's next reads skip a replica that has not replayed it (kernel/db/replicas.ts). Nothing without replicas.
 */
export async function withWritePosition(req: Request, res: Response): Promise<Response> {
  if (req.method !== "POST" || res.status >= 400) return res;
  const lsn = await writePosition();
  if (lsn) res.headers.append("Set-Cookie", minLsnCookie(lsn));
  return res;
}
