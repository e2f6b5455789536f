import { env } from "@/server/env";
import { clientIp as requestIp } from "@/server/security/peer-address";
import { consume, peek, rateLimitHeaders, reset, subjectKey, type LimitSpec, type RateDecision } from "@/server/rate-limit";

/**
 * Sign-in throttle (DESIGN §13): wrong passwords are counted per account
 * (SIGN_IN_FAILURES_PER_ACCOUNT per SIGN_IN_LOCK_MINUTES, then the account is
 * locked until the window ends) and per client IP (SIGN_IN_FAILURES_PER_IP).
 * Unknown emails count like known ones, so a lock reveals nothing either.
 * A successful sign-in clears the account's count.
 */
const window = () => env().SIGN_IN_LOCK_MINUTES * 60;
export const accountLimit = (): LimitSpec => ({ name: "signin-account", points: env().SIGN_IN_FAILURES_PER_ACCOUNT, durationSeconds: window() });
export const ipLimit = (): LimitSpec => ({ name: "signin-ip", points: env().SIGN_IN_FAILURES_PER_IP, durationSeconds: window() });

const accountKey = (email: string) => subjectKey("email", email.trim().toLowerCase());

/** The client's IP for the per-IP counters (security/peer-address: the forwarded one only with TRUST_PROXY). */
export function clientIp(headers: Headers): string {
  return requestIp(headers) ?? "unknown";
}

export interface Refusal {
  message: string;
  headers: Record<string, string>;
}

function minutes(d: RateDecision): string {
  const m = Math.ceil(d.resetSeconds / 60);
  return `${m} minute${m === 1 ? "" : "s"}`;
}

/** Why this sign-in attempt is refused before any password is checked, or null. */
export async function signInRefusal(email: string, ip: string): Promise<Refusal | null> {
  if (env().AUTH_PROTECTIONS_DISABLED) return null;
  const [account, address] = await Promise.all([peek(accountLimit(), accountKey(email)), peek(ipLimit(), ip)]);
  if (!account.allowed) {
    return { message: `Too many failed sign-in attempts for this account. It is locked; try again in ${minutes(account)}.`, headers: rateLimitHeaders(account) };
  }
  if (!address.allowed) {
    return { message: `Too many failed sign-in attempts from your network. Try again in ${minutes(address)}.`, headers: rateLimitHeaders(address) };
  }
  return null;
}

export async function recordSignInFailure(email: string, ip: string): Promise<void> {
  if (env().AUTH_PROTECTIONS_DISABLED) return;
  await Promise.all([consume(accountLimit(), accountKey(email)), consume(ipLimit(), ip)]);
}

export async function recordSignInSuccess(email: string): Promise<void> {
  if (env().AUTH_PROTECTIONS_DISABLED) return;
  await reset(accountLimit(), accountKey(email));
}
