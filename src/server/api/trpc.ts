/**
 * tRPC setup: the context (who is calling), the error shape, and the named
 * procedures every router builds on.
 */
import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import type { User } from "@/generated/prisma/client";
import { getDb, type Db } from "@/server/db/client";
import { authenticateToken, bearerToken } from "@/server/auth/api-tokens";
import { getSessionUserId } from "@/server/auth/session";
import { AppError, ERROR_TABLE, validationError, type FieldErrors } from "@/server/errors";
import { zodFieldErrors } from "@/server/lib/zod-errors";
import { findAgencyOwnedBy } from "@/server/services/tenancy";
import { chatbotForEditing, chatbotForReading } from "@/server/services/chatbot-access";
import { chatbotIdParam } from "@/server/api/routers/chatbot-params";

export interface RestMeta {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Documented path, with `{param}` placeholders, e.g. `/v1/agency/clients/{client_id}`. */
  path: string;
  summary: string;
  /** Success status; 200 unless given. */
  status?: number;
  idempotency?: "required" | "optional";
  tags?: string[];
}

export interface Meta {
  rest?: RestMeta;
}

export interface Context {
  db: Db;
  user: User | null;
  /** `token` for bearer-authenticated calls (REST), `session` for the dashboard. */
  via: "token" | "session" | null;
  tokenId: string | null;
  /** The REST request's `Idempotency-Key`, recorded as the reference of what it changes (e.g. a top-up). */
  idempotencyKey?: string | null;
  /** The request's `Host` (white-label: an agency's custom domain brands e-mails and links). */
  host?: string | null;
}

export async function createContext(opts: { headers: Headers; allowSession: boolean }): Promise<Context> {
  const db = getDb();
  const authorization = opts.headers.get("authorization");
  if (authorization !== null || !opts.allowSession) {
    const token = bearerToken(authorization);
    const auth = token ? await authenticateToken(db, token) : null;
    return { db, user: auth?.user ?? null, via: auth ? "token" : null, tokenId: auth?.tokenId ?? null, host: opts.headers.get("host") };
  }
  const userId = await getSessionUserId();
  const user = userId ? await db.user.findUnique({ where: { id: userId } }) : null;
  return { db, user, via: user ? "session" : null, tokenId: null, host: opts.headers.get("host") };
}

export interface ErrorData {
  appCode: string;
  httpStatus: number;
  fieldErrors?: FieldErrors;
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      const app = toAppError(error);
      return {
        ...shape,
        message: app.message,
        data: { ...shape.data, appCode: app.code, httpStatus: app.status, fieldErrors: app.errors } satisfies ErrorData & typeof shape.data,
      };
    },
  });

/** Any error thrown inside a procedure, as the application error it stands for. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
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

/** Services throw AppError and inputs fail zod: both travel as a TRPCError carrying the AppError. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && (result.error.cause instanceof AppError || result.error.cause instanceof ZodError)) {
    const app = toAppError(result.error.cause);
    result.error = new TRPCError({ code: ERROR_TABLE[app.code].trpc, message: app.message, cause: app });
  }
  return result;
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure.use(appErrors);

export const authenticatedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new AppError("UNAUTHENTICATED");
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** The owner of a team on the agency plan; `ctx.agency` is that team. */
export const agencyOwnerProcedure = authenticatedProcedure.use(async ({ ctx, next }) => {
  const agency = await findAgencyOwnedBy(ctx.db, ctx.user.id);
  if (!agency) throw new AppError("FORBIDDEN", "This action requires the owner of an agency plan account.");
  return next({ ctx: { ...ctx, agency } });
});

/**
 * A procedure on one chatbot: the input carries `chatbot_id`; the chatbot the
 * caller may see and their role are on `ctx.chatbot` / `ctx.role`. Another
 * tenant's (or a malformed) id is NOT_FOUND. Extend the input with `.input()`.
 */
export const chatbotProcedure = authenticatedProcedure.input(chatbotIdParam).use(async ({ ctx, input, next }) => {
  const { chatbot, role } = await chatbotForReading(ctx.db, ctx.user.id, input.chatbot_id);
  return next({ ctx: { ...ctx, chatbot, role } });
});

/** As `chatbotProcedure`, and FORBIDDEN when the caller's role may only read (a `member`). */
export const chatbotEditProcedure = authenticatedProcedure.input(chatbotIdParam).use(async ({ ctx, input, next }) => {
  const { chatbot, role } = await chatbotForEditing(ctx.db, ctx.user.id, input.chatbot_id);
  return next({ ctx: { ...ctx, chatbot, role } });
});
