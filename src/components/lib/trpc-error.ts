/**
 * What the dashboard needs from a tRPC error: the message, the per-field
 * messages (`error.data.fieldErrors`, dotted paths) and whether access was refused.
 */
export interface TrpcErrorLike {
  message: string;
  data?: { code?: string; httpStatus?: number; fieldErrors?: Record<string, string[]> } | null;
}

export function fieldErrorsOf(error: TrpcErrorLike | null | undefined): Record<string, string[]> {
  return error?.data?.fieldErrors ?? {};
}

export function isForbidden(error: TrpcErrorLike | null | undefined): boolean {
  return error?.data?.code === "FORBIDDEN" || error?.data?.httpStatus === 403;
}

export function isNotFound(error: TrpcErrorLike | null | undefined): boolean {
  return error?.data?.code === "NOT_FOUND" || error?.data?.httpStatus === 404;
}
