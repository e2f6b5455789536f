import { TRPCError } from "@trpc/server";
import { expect } from "vitest";

/** A procedure call's rejection (it must reject with a TRPCError): its tRPC code, message, HTTP status and field errors. */
export async function trpcFailure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const e = error as TRPCError;
  const cause = e.cause as { errors?: Record<string, string[]>; status?: number } | undefined;
  return { code: e.code, message: e.message, status: cause?.status, errors: cause?.errors };
}
