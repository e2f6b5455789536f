/**
 * Is this error the database being unreachable or going away (docs/decisions/048-the-database-going-away.md,
 * item 4), rather than a fault of the request or of our code? Such errors are
 * answered 503 with Retry-After (errors.ts `databaseUnavailable`), never 500:
 * the pools reconnect by themselves once the server is back. The error may
 * come straight from `pg` (a socket error, a server message with its
 * SQLSTATE), from Prisma (its P1xxx codes), or from `@prisma/adapter-pg`
 * wrapped by Prisma (`meta.driverAdapterError.cause`), and may travel as the
 * `cause` of a TRPCError.
 */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "ECONNABORTED"]);
/** Prisma: can't reach (P1001), timed out (P1002, P1008), connection closed (P1017), no pool connection in time (P2024). */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
/** @prisma/adapter-pg's own kinds for socket errors and a full server. */
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
/** pg's errors without a code: a socket that ended, a client broken by an earlier error, a pool that could not connect in time. */
const PG_MESSAGES = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Connection is closed)/;

/** SQLSTATE: connection exception (class 08), admin or crash shutdown (57P01, 57P02), starting up or recovering (57P03), too many connections (53300). */
function unavailableState(code: string): boolean {
  return /^[0-9A-Z]{5}$/.test(code) && (code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03" || code === "53300");
}

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 6) return false;
  const e = error as { code?: unknown; originalCode?: unknown; kind?: unknown; message?: unknown; cause?: unknown; errors?: unknown; meta?: { driverAdapterError?: unknown } };
  for (const code of [e.code, e.originalCode]) {
    if (typeof code === "string" && (SOCKET_CODES.has(code) || PRISMA_CODES.has(code) || unavailableState(code))) return true;
  }
  if (typeof e.kind === "string" && ADAPTER_KINDS.has(e.kind)) return true;
  if (typeof e.message === "string" && PG_MESSAGES.test(e.message)) return true;
  const inner = [e.cause, e.meta?.driverAdapterError, ...(Array.isArray(e.errors) ? e.errors : [])];
  return inner.some((i) => i !== error && isDatabaseUnavailable(i, depth + 1));
}
