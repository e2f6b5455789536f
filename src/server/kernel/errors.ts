import { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { ZodError } from "zod";
import { isDatabaseUnavailable } from "@/server/kernel/db/unavailable";
import { zodFieldErrors, type FieldErrors } from "@/shared/zod-errors";

/**
 * The one error table: every application error code, the tRPC code it
 * travels as, the HTTP status the REST bridge answers with, and the default
 * message of the documented `{ message, errors? }` body.
 */
export const ERROR_TABLE = {
  UNAUTHENTICATED: { trpc: "UNAUTHORIZED", http: 401, message: "Unauthenticated." },
  FORBIDDEN: { trpc: "FORBIDDEN", http: 403, message: "This action is unauthorized." },
  NOT_FOUND: { trpc: "NOT_FOUND", http: 404, message: "Not found." },
  /** An agency owner reading the conversations of a workspace that asks first, without its admin's grant (record 125). */
  ACCESS_REQUEST_REQUIRED: { trpc: "FORBIDDEN", http: 403, message: "This workspace's admin must grant its agency access first." },
  VALIDATION: { trpc: "UNPROCESSABLE_CONTENT", http: 422, message: "The given data was invalid." },
  RULE_VIOLATION: { trpc: "UNPROCESSABLE_CONTENT", http: 422, message: "The request cannot be processed." },
  BAD_REQUEST: { trpc: "BAD_REQUEST", http: 400, message: "Bad request." },
  MALFORMED_JSON: { trpc: "PARSE_ERROR", http: 400, message: "The request body is not valid JSON." },
  IDEMPOTENCY_KEY_MISSING: { trpc: "BAD_REQUEST", http: 400, message: "The Idempotency-Key header is required for this operation." },
  IDEMPOTENCY_IN_FLIGHT: { trpc: "CONFLICT", http: 409, message: "A request with the same Idempotency-Key is still being processed; retry shortly." },
  IDEMPOTENCY_MISMATCH: { trpc: "UNPROCESSABLE_CONTENT", http: 422, message: "The Idempotency-Key was already used with a different request." },
  CONFLICT: { trpc: "CONFLICT", http: 409, message: "Conflict." },
  METHOD_NOT_ALLOWED: { trpc: "METHOD_NOT_SUPPORTED", http: 405, message: "Method not allowed." },
  NOT_ACCEPTABLE: { trpc: "BAD_REQUEST", http: 406, message: "This endpoint only produces application/json." },
  UNSUPPORTED_MEDIA_TYPE: { trpc: "UNSUPPORTED_MEDIA_TYPE", http: 415, message: "Request bodies must be sent as application/json." },
  PAYLOAD_TOO_LARGE: { trpc: "PAYLOAD_TOO_LARGE", http: 413, message: "The request body is too large." },
  PAYMENT_REQUIRED: { trpc: "PAYMENT_REQUIRED", http: 402, message: "No message credits left." },
  LOCKED: { trpc: "PRECONDITION_FAILED", http: 423, message: "This chatbot does not answer at the moment." },
  RATE_LIMITED: { trpc: "TOO_MANY_REQUESTS", http: 429, message: "Too many requests." },
  /** A provider (HubSpot, …) answered with an error that is neither the caller's doing nor a passing outage. */
  BAD_GATEWAY: { trpc: "BAD_GATEWAY", http: 502, message: "A provider answered with an error." },
  SERVICE_UNAVAILABLE: { trpc: "SERVICE_UNAVAILABLE", http: 503, message: "Service unavailable." },
  INTERNAL: { trpc: "INTERNAL_SERVER_ERROR", http: 500, message: "Server error." },
} as const satisfies Record<string, { trpc: TRPC_ERROR_CODE_KEY; http: number; message: string }>;

export type AppErrorCode = keyof typeof ERROR_TABLE;
export type { FieldErrors };

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly errors?: FieldErrors;
  readonly headers?: Record<string, string>;

  constructor(code: AppErrorCode, message?: string, opts: { errors?: FieldErrors; headers?: Record<string, string> } = {}) {
    super(message ?? ERROR_TABLE[code].message);
    this.name = "AppError";
    this.code = code;
    this.errors = opts.errors;
    this.headers = opts.headers;
  }

  get status(): number {
    return ERROR_TABLE[this.code].http;
  }

  body(): { message: string; errors?: FieldErrors } {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

/** A 422 for one or more invalid fields; the message names the first one. */
export function validationError(errors: FieldErrors): AppError {
  const messages = Object.values(errors).flat();
  const first = messages[0] ?? ERROR_TABLE.VALIDATION.message;
  const more = messages.length - 1;
  const message = more > 0 ? `${first} (and ${more} more error${more > 1 ? "s" : ""})` : first;
  return new AppError("VALIDATION", message, { errors });
}

export const notFound = (what = "Not found.") => new AppError("NOT_FOUND", what);

/** How long a client should wait before retrying while the database is away: a restart takes a few seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The 503 for a database that cannot be reached (db/unavailable.ts): retry shortly, nothing is wrong with the request. */
export function databaseUnavailable(): AppError {
  return new AppError("SERVICE_UNAVAILABLE", "The service is briefly unavailable (its database cannot be reached); retry shortly.", {
    headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
  });
}

/** Any error thrown inside a procedure, as the application error it stands for. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  if (error instanceof TRPCError) {
    if (error.cause instanceof AppError) return error.cause;
    if (error.cause instanceof ZodError) return validationFrom(error.cause);
    const entry = Object.entries(ERROR_TABLE).find(([, v]) => v.trpc === error.code);
    if (entry && error.code !== "INTERNAL_SERVER_ERROR") return new AppError(entry[0] as keyof typeof ERROR_TABLE, error.message || undefined);
  }
  if (error instanceof ZodError) return validationFrom(error);
  return new AppError("INTERNAL");
}

function validationFrom(error: ZodError): AppError {
  return validationError(zodFieldErrors(error));
}
