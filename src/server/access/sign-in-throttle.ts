import { env } from "@/server/kernel/env";
import { clientIp as requestIp } from "@/server/kernel/security/peer-address";
import { consume, rateLimitHeaders, refund, reset, subjectKey, type LimitSpec, type RateDecision } from "@/server/kernel/rate-limit";

/**
 * Sign-in throttle (docs/decisions/029-sign-in-and-password-reset.md): wrong passwords are counted per account
 * (SIGN_IN_FAILURES_PER_ACCOUNT per SIGN_IN_LOCK_MINUTES, then the account is
 * locked until the window ends) and per client IP (SIGN_IN_FAILURES_PER_IP).
 * Every attempt is counted before its password is checked; a successful one
 * clears the account's count and gives the network's point back. Unknown
 * emails count like known ones, so a lock reveals nothing either.
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

/**
 * Reserves one attempt on the account's and the network's counters before
 * any password is checked, or says why the attempt is refused. Reserving
 * first is what makes the lock hold under parallel attempts: N concurrent
 * wrong passwords each take a point, so at most the budget of them is ever
 * checked (a read-then-count would let them all through the same read).
 */
export async function reserveSignInAttempt(email: string, ip: string): Promise<Refusal | null> {
  if (env().AUTH_PROTECTIONS_DISABLED) return null;
  const [account, address] = await Promise.all([consume(accountLimit(), accountKey(email)), consume(ipLimit(), ip)]);
  if (!account.allowed) {
    if (address.allowed) await refund(ipLimit(), ip);
    return { message: `Too many failed sign-in attempts for this account. It is locked; try again in ${minutes(account)}.`, headers: rateLimitHeaders(account) };
  }
  if (!address.allowed) {
    await refund(accountLimit(), accountKey(email));
    return { message: `Too many failed sign-in attempts from your network. Try again in ${minutes(address)}.`, headers: rateLimitHeaders(address) };
  }
  return null;
}

/** An attempt reserved but never checked (the KDF queue was full): its points go back. */
export async function releaseSignInAttempt(email: string, ip: string): Promise<void> {
  if (env().AUTH_PROTECTIONS_DISABLED) return;
  await Promise.all([refund(accountLimit(), accountKey(email)), refund(ipLimit(), ip)]);
}

/** The right password: the account's count is cleared and the network's point given back (only failures count). */
export async function recordSignInSuccess(email: string, ip: string): Promise<void> {
  if (env().AUTH_PROTECTIONS_DISABLED) return;
  await Promise.all([reset(accountLimit(), accountKey(email)), refund(ipLimit(), ip)]);
}
