import { AppError, validationError } from "@/server/kernel/errors";
import { Stripe } from "./client";

/**
 * Stripe's refusals as our errors (one error table, kernel/errors.ts): a refused key names the field it
 * came in, a refused parameter names our field when it is one of ours (Stripe's `param`), anything
 * Stripe could not answer is a 503 to retry — and nothing local claims it succeeded (the caller's
 * transaction has not written yet, or rolls back).
 */
const OUR_FIELDS: Record<string, string> = { unit_amount: "amount", currency: "currency", email: "billing_email", customer_email: "billing_email" };

export function stripeProblem(error: unknown, keyField: string | null = null): AppError {
  if (!(error instanceof Stripe.errors.StripeError)) throw error;
  const said = error.message.replace(/\s+$/, "");
  if (error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError) {
    if (keyField) return validationError({ [keyField]: [`Stripe refused this key: ${said}`] });
    return new AppError("RULE_VIOLATION", `Stripe refused the agency's key (${said}); connect Stripe again in Settings → Billing.`);
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeIdempotencyError || error instanceof Stripe.errors.StripeCardError) {
    const field = error.param ? OUR_FIELDS[error.param] : undefined;
    if (field) return validationError({ [field]: [`Stripe: ${said}`] });
    return new AppError("RULE_VIOLATION", `Stripe refused the request: ${said}`);
  }
  return new AppError("SERVICE_UNAVAILABLE", `Stripe could not be reached or failed (${said}); nothing was changed, try again.`, { headers: { "Retry-After": "5" } });
}

/** Runs a Stripe call; its failure becomes our error (see above). */
export async function viaStripe<T>(call: () => Promise<T>, keyField: string | null = null): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw stripeProblem(error, keyField);
  }
}
