/**
 * tRPC setup: the context (who is calling), the error shape, and the named
 * procedures every router builds on.
 */
import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import type { User } from "@/generated/prisma/client";
import { getDb, type Db } from "@/server/kernel/db/client";
import { minLsnOf } from "@/server/kernel/db/replicas";
import { authenticateToken, authenticateTokenFromCache, authenticateTokenWithAgency, authenticateTokenWithChatbot, bearerToken } from "@/server/access/api-tokens";
import { getSessionUserId } from "@/server/access/session";
import { clientIp } from "@/server/kernel/security/peer-address";
import { AppError, ERROR_TABLE, toAppError, type FieldErrors } from "@/server/kernel/errors";
import { assertNoNul } from "@/server/kernel/http/request-bounds";
import {
  agencyClientFrom,
  agencyOrForbidden,
  agencyScopeFor,
  agencyWebhookFrom,
  agencyWithClient,
  agencyWithWebhook,
  editableChatbot,
  editableFrom,
  editableTeam,
  findChatbotAccess,
  ownedAgency,
  readableChatbot,
  readableFrom,
  readableTeam,
  type AgencyScope,
  type ChatbotAccess,
} from "@/server/access/lookups";
import { chatbotIdParam, clientIdParam, teamIdParam, webhookIdParam } from "@/server/access/params";
import type { IdempotentEffect } from "@/server/kernel/http/idempotency";
import { admitAgencyVisit } from "@/server/access/agency-visits";
import type { AgencyView } from "@/server/access/agency-visit-rules";

export interface RestMeta {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Documented path, with `{param}` placeholders, e.g. `/v1/agency/clients/{client_id}`. */
  path: string;
  summary: string;
  /** Success status; 200 unless given. */
  status?: number;
  idempotency?: "required" | "optional";
  /**
   * How the effect is tied to the Idempotency-Key (kernel/http/idempotency.ts): `transaction` (the default) runs the
   * procedure in one transaction with the stored response; `recorded`: the procedure cannot hold one (it waits
   * on an LLM), records its effect with the key's claim its surface part carries (the chat turn's `idempotency`)
   * and returns that effect on a retry.
   */
  idempotentEffect?: IdempotentEffect;
  /** A `multipart/form-data` body (size-bounded): the named fields are files, handed to the procedure as `{name, type, data}`. */
  multipart?: { files: string[]; maxBytes: number };
  /** Top-level response fields shown once (a secret): an idempotent replay more than 24 h later answers them as null. */
  shownOnce?: string[];
  tags?: string[];
  /** The body's `stream: true` asks for server-sent events: the surface part's `onDelta` (the chat turn's) receives the text as it comes. */
  stream?: boolean;
  /** The success body is a file of this media type, not JSON: the procedure returns `{ filename, body }` (a report's PDF). */
  produces?: string;
}

export interface Meta {
  rest?: RestMeta;
  /**
   * What a chatbot-scoped procedure shows of a client's workspace: an agency owner's visit is checked
   * (a workspace that asks first) and recorded here, once (access/agency-visits.ts).
   */
  agencyView?: AgencyView;
}

/** What the request says beyond who calls: the same three facts on every transport, for the procedures that need them. */
export interface RequestMeta {
  /** The `Host` header (white-label: an agency's custom domain brands e-mails and links). */
  host: string | null;
  /** The client's IP (security/peer-address), e.g. for the public auth actions' per-network limits. */
  ip: string | null;
  /** REST: the request's `Idempotency-Key`, recorded as the reference of what it changes (e.g. a top-up). */
  idempotencyKey: string | null;
  /** The primary's WAL position after the caller's last write (`X-Min-LSN` or the dashboard's cookie): replicas behind it are skipped (kernel/db/replicas.ts). */
  minLsn?: string | null;
}

/**
 * A surface's own part of one call, built by its transport for the procedure that reads it. Access names
 * none of it: a capability whose procedure needs one declares its part by merging into this interface
 * (`declare module "@/server/access"`), e.g. the conversation engine's `turn` (conversations/chat-router.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the capabilities (declaration merging)
export interface CallSurface {}

/** Who calls, on which database: identity and access only; what the request says travels in `request`, a surface's part in `surface`. */
export interface Context {
  db: Db;
  user: User | null;
  /** `token` for bearer-authenticated calls (REST), `session` for the dashboard. */
  via: "token" | "session" | null;
  tokenId: string | null;
  /**
   * REST calls on a `{chatbot_id}` path: the chatbot and the token user's role in it, read with the token
   * (`access` null: not found or not visible). `chatbotProcedure` applies its rule to it instead of reading again.
   */
  prefetchedChatbot?: { id: string; access: ChatbotAccess | null };
  /**
   * REST calls on a `/v1/agency/...` path: the user's agency and the path's client workspace or webhook
   * endpoint, read with the token (null: none; undefined: not read). The agency procedures apply their rule
   * to it (access/agency).
   */
  prefetchedAgency?: AgencyScope & { clientId?: string; webhookId?: string };
  request?: RequestMeta;
  surface?: Partial<CallSurface>;
}

/** The request's host and client IP (the Idempotency-Key is the REST bridge's to add, once it has checked it). */
function requestMetaOf(headers: Headers): RequestMeta {
  return { host: headers.get("host"), ip: clientIp(headers), idempotencyKey: null, minLsn: minLsnOf(headers) };
}

/**
 * `allowSession: false` (the REST bridge): the bearer token only. `true` (the
 * dashboard: /api/trpc, server components): the browser session only; an
 * `Authorization` header is ignored there, so a token never reaches a
 * dashboard procedure (docs/decisions/009-api-tokens-sessions-and-passwords.md).
 */
export async function createContext(opts: {
  headers: Headers;
  allowSession: boolean;
  chatbotId?: string;
  /** An agency path: its `{client_id}` or `{webhook_id}`, if any. */
  agency?: { clientId?: string; webhookId?: string };
}): Promise<Context & { request: RequestMeta }> {
  const db = getDb();
  const request = requestMetaOf(opts.headers);
  if (!opts.allowSession) {
    const token = bearerToken(opts.headers.get("authorization"));
    // A cached token: no statement for it. The chatbot or the agency the path names is still read here, on
    // the pool, before the procedure runs: an idempotent write runs its procedure in one transaction.
    const cached = token ? await authenticateTokenFromCache(db, token) : undefined;
    if (cached) {
      const base = { db, user: cached.user, via: "token" as const, tokenId: cached.tokenId, request };
      if (opts.chatbotId !== undefined) return { ...base, prefetchedChatbot: { id: opts.chatbotId, access: await findChatbotAccess(db, cached.user.id, opts.chatbotId) } };
      if (opts.agency) return { ...base, prefetchedAgency: { ...(await agencyScopeFor(db, cached.user.id, opts.agency)), ...opts.agency } };
      return base;
    }
    if (token && opts.chatbotId !== undefined) {
      const auth = await authenticateTokenWithChatbot(db, token, opts.chatbotId);
      if (auth) return { db, user: auth.user, via: "token", tokenId: auth.tokenId, request, prefetchedChatbot: { id: opts.chatbotId, access: auth.chatbot } };
      return { db, user: null, via: null, tokenId: null, request };
    }
    if (token && opts.agency) {
      const auth = await authenticateTokenWithAgency(db, token, opts.agency);
      if (auth) return { db, user: auth.user, via: "token", tokenId: auth.tokenId, request, prefetchedAgency: { ...auth.scope, ...opts.agency } };
      return { db, user: null, via: null, tokenId: null, request };
    }
    const auth = token ? await authenticateToken(db, token) : null;
    return { db, user: auth?.user ?? null, via: auth ? "token" : null, tokenId: auth?.tokenId ?? null, request };
  }
  const userId = await getSessionUserId();
  const user = userId ? await db.user.findUnique({ where: { id: userId } }) : null;
  return { db, user, via: user ? "session" : null, tokenId: null, request };
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
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;

/**
 * Defence in depth for token scope: a call authenticated by an API token may
 * reach only the documented `/v1` operations (procedures with `meta.rest`).
 */
const tokenScope = t.middleware(({ ctx, meta, next }) => {
  if (ctx.tokenId !== null && !meta?.rest) {
    throw new AppError("FORBIDDEN", "API tokens may call the documented /v1 operations only; this action needs a signed-in browser session.");
  }
  return next();
});

/**
 * Text holding a NUL character cannot be stored (PostgreSQL `text`): every
 * procedure's input is refused with the REST bridge's 422 before it runs, on
 * every transport (dashboard, REST, the playground's direct call).
 */
const noNulInput = t.middleware(async ({ getRawInput, next }) => {
  const raw = await getRawInput();
  if (raw && typeof raw === "object") assertNoNul(raw as Record<string, unknown>);
  else if (typeof raw === "string") assertNoNul({ input: raw });
  return next();
});

export const publicProcedure = t.procedure.use(appErrors).use(tokenScope).use(noNulInput);

export const authenticatedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new AppError("UNAUTHENTICATED");
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/*
 * Resource-scoped procedures: each resolves its resource once, through
 * `server/access`, and puts it (and the caller's role) on the context.
 * Another tenant's or a malformed id is NOT_FOUND; a role too weak is
 * FORBIDDEN. Extend the input with a further `.input(z.object({...}))`.
 */

/** The owner of a team on the agency plan; `ctx.agency` is that team. */
export const agencyOwnerProcedure = authenticatedProcedure.use(async ({ ctx, next }) => {
  const agency = ctx.prefetchedAgency ? agencyOrForbidden(ctx.prefetchedAgency.agency) : await ownedAgency(ctx.db, ctx.user.id);
  return next({ ctx: { ...ctx, agency } });
});

/**
 * One client workspace of the caller's agency (input `client_id`): `ctx.agency`, `ctx.client`, both read in
 * one statement (FORBIDDEN without an agency, NOT_FOUND for another agency's or a deleted workspace).
 */
export const clientProcedure = authenticatedProcedure.input(clientIdParam).use(async ({ ctx, input, next }) => {
  const prefetched = ctx.prefetchedAgency;
  const { agency, client } =
    prefetched?.clientId === input.client_id && prefetched.client !== undefined
      ? agencyClientFrom(prefetched)
      : await agencyWithClient(ctx.db, ctx.user.id, input.client_id);
  return next({ ctx: { ...ctx, agency, client } });
});

/** One webhook endpoint of the caller's agency (input `webhook_id`): `ctx.agency`, `ctx.webhook`, read in one statement. */
export const webhookProcedure = authenticatedProcedure.input(webhookIdParam).use(async ({ ctx, input, next }) => {
  const prefetched = ctx.prefetchedAgency;
  const { agency, webhook } =
    prefetched?.webhookId === input.webhook_id && prefetched.webhook !== undefined
      ? agencyWebhookFrom(prefetched)
      : await agencyWithWebhook(ctx.db, ctx.user.id, input.webhook_id);
  return next({ ctx: { ...ctx, agency, webhook } });
});

/** A team the caller belongs to or whose agency they own (input `team_id`): `ctx.team`, `ctx.role`. */
const teamScoped = (resolve: typeof readableTeam) =>
  authenticatedProcedure.input(teamIdParam).use(async ({ ctx, input, next }) => {
    const { team, role, agencyOwner } = await resolve(ctx.db, ctx.user.id, input.team_id);
    return next({ ctx: { ...ctx, team, role, agencyOwner } });
  });

/**
 * A chatbot the caller may see (input `chatbot_id`): `ctx.chatbot`, `ctx.role`. The rule (`rule`) applies to
 * the access read with the REST call's token when that was this chatbot's, else to a fresh read (`resolve`).
 */
const chatbotScoped = (resolve: typeof readableChatbot, rule: typeof readableFrom) =>
  authenticatedProcedure.input(chatbotIdParam).use(async ({ ctx, input, meta, next }) => {
    const prefetched = ctx.prefetchedChatbot;
    const { chatbot, role, agencyVisit } =
      prefetched && prefetched.id === input.chatbot_id ? rule(prefetched.access) : await resolve(ctx.db, ctx.user.id, input.chatbot_id);
    if (agencyVisit && meta?.agencyView) {
      await admitAgencyVisit(ctx.db, agencyVisit, meta.agencyView, { teamId: chatbot.teamId, chatbot, user: ctx.user, tokenId: ctx.via === "token" ? ctx.tokenId : null });
    }
    return next({ ctx: { ...ctx, chatbot, role } });
  });

/** One team, for reads. */
export const teamProcedure = teamScoped(readableTeam);
/** One team, FORBIDDEN when the caller's role may only read (a `member`): e.g. creating a chatbot in it. */
export const teamEditProcedure = teamScoped(editableTeam);
/** One chatbot, for reads. */
export const chatbotProcedure = chatbotScoped(readableChatbot, readableFrom);
/** One chatbot, FORBIDDEN when the caller's role may only read (a `member`). */
export const chatbotEditProcedure = chatbotScoped(editableChatbot, editableFrom);
