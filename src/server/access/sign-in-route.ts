import { NextRequest } from "next/server";
import { kdfSaturated } from "@/server/access/password";
import { clientIp, recordSignInSuccess, releaseSignInAttempt, reserveSignInAttempt } from "@/server/access/sign-in-throttle";
import { env } from "@/server/kernel/env";
import { toAppError } from "@/server/kernel/errors";
import { errorResponse, jsonResponse } from "@/server/kernel/http/json-response";
import { readBoundedText } from "@/server/kernel/http/request-bounds";

/**
 * Wraps next-auth's credentials callback (`POST /api/auth/callback/credentials`)
 * with the sign-in throttle: a locked account, a throttled IP or a full KDF
 * queue get 429 `{message, url}` with `Retry-After` before any password is
 * checked (`url` carries the message as `error`, which next-auth's `signIn()`
 * hands to the form); every attempt is counted before its password is
 * checked, and a right one clears the count.
 */
type Handler = (req: Request) => Promise<Response>;

function tooMany(message: string, headers: Record<string, string>): Response {
  const url = `${env().APP_URL}/login?${new URLSearchParams({ error: message })}`;
  return jsonResponse(429, { message, url }, headers);
}

export async function throttledCredentialsCallback(req: Request, next: Handler): Promise<Response> {
  let text: string;
  try {
    text = await readBoundedText(req);
  } catch (error) {
    return errorResponse(toAppError(error));
  }
  const email = new URLSearchParams(text).get("email") ?? "";
  const ip = clientIp(req.headers);
  const refusal = await reserveSignInAttempt(email, ip);
  if (refusal) return tooMany(refusal.message, refusal.headers);
  if (!env().AUTH_PROTECTIONS_DISABLED && kdfSaturated()) {
    await releaseSignInAttempt(email, ip);
    return tooMany("Too many sign-ins are being checked right now; try again in a moment.", { "Retry-After": "1" });
  }
  const res = await next(new NextRequest(req.url, { method: "POST", headers: req.headers, body: text }));
  const location = res.headers.get("location") ?? "";
  const failed = res.status === 401 || location.includes("error=");
  // A failure already counted when its attempt was reserved.
  if (!failed && res.status < 400) await recordSignInSuccess(email, ip);
  return res;
}
