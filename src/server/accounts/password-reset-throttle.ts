import { env } from "@/server/kernel/env";
import { consume, rateLimitedError, subjectKey, type LimitSpec, type RateDecision } from "@/server/kernel/rate-limit";

/**
 * Password-reset requests (docs/decisions/029-sign-in-and-password-reset.md), on the shared limiter: per e-mail
 * address (PASSWORD_RESET_PER_EMAIL, so nobody floods a mailbox) and per
 * client IP (PASSWORD_RESET_PER_IP, so nobody sprays addresses), both per
 * PASSWORD_RESET_WINDOW_MINUTES. Addresses without an account are counted
 * exactly like real ones and the refusal is the same 429 for both, so a limit
 * tells nothing about whether an account exists.
 */
const window = () => env().PASSWORD_RESET_WINDOW_MINUTES * 60;
export const resetEmailLimit = (): LimitSpec => ({ name: "reset-email", points: env().PASSWORD_RESET_PER_EMAIL, durationSeconds: window() });
export const resetIpLimit = (): LimitSpec => ({ name: "reset-ip", points: env().PASSWORD_RESET_PER_IP, durationSeconds: window() });

function minutes(d: RateDecision): string {
  const m = Math.ceil(d.resetSeconds / 60);
  return `${m} minute${m === 1 ? "" : "s"}`;
}

/** Spends one request of the address's and the IP's budgets; throws the 429 when either is spent. */
export async function throttlePasswordReset(email: string, ip: string): Promise<void> {
  if (env().AUTH_PROTECTIONS_DISABLED) return;
  // The IP first: a sprayer's refused requests then cost the addresses nothing.
  const address = await consume(resetIpLimit(), ip);
  if (!address.allowed) throw rateLimitedError(address, `Too many password reset requests from your network. Try again in ${minutes(address)}.`);
  const mailbox = await consume(resetEmailLimit(), subjectKey("email", email.trim().toLowerCase()));
  if (!mailbox.allowed) {
    throw rateLimitedError(mailbox, `Too many password reset requests for this address. Check your inbox (and spam folder) for the last e-mail, or try again in ${minutes(mailbox)}.`);
  }
}
