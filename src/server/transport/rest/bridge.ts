import { errorResponse, JSON_HEADERS, jsonResponse } from "@/server/kernel/http/json-response";
import { createCaller } from "@/server/transport/root";
import { createContext, type Context } from "@/server/access";
import { toAppError } from "@/server/kernel/errors";
import { AppError } from "@/server/kernel/errors";
import { enforce, limitApiToken } from "@/server/kernel/rate-limit";
import { acceptsJson, readJsonBody, readMultipartBody } from "@/server/kernel/http/bodies";
import { assertNoNul } from "@/server/kernel/http/request-bounds";
import type { Db } from "@/server/kernel/db/client";
import { writePosition } from "@/server/kernel/db/replicas";
import { requestFingerprint, validateKey, withIdempotency, type KeyClaim, type StoredResponse } from "@/server/kernel/http/idempotency";
import { restEndpoints, type RestEndpoint } from "@/server/transport/rest/registry";
import { sseResponse } from "@/server/kernel/http/sse";
import { restRouteMatcher, type RestRoute, type RestRouteTable } from "@/server/transport/rest/route-match";
import { apiTurn } from "@/server/transport/turn-callers";

/**
 * The REST bridge: every documented `/v1` operation is a tRPC procedure that
 * declares its route in `meta.rest`, and those routes are the only route table
 * (route-match.ts: Next's one `/v1` route and the front server read it). This
 * module does the rest: method dispatch (405), `Accept`
 * (406), request bounds (413, 400, NUL 422), `Content-Type` (415), JSON parsing
 * (400) or size-bounded multipart (`meta.rest.multipart`, 413), bearer auth,
 * the per-token rate limit (429), idempotency keys, input mapping (path params
 * + query for reads, + the body for writes), server-sent events for streaming
 * endpoints (`meta.rest.stream`), errors from the one error table, and the
 * success status.
 */
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];
type Handler = (req: Request) => Promise<Response>;

export const json = jsonResponse;

function stored(response: StoredResponse, headers: Record<string, string> = {}): Response {
  if (response.status === 204) return new Response(null, { status: 204, headers: { "Cache-Control": "no-store", ...headers } });
  return new Response(response.body, { status: response.status, headers: { ...JSON_HEADERS, ...headers } });
}

/** Routes below `/v1` that Next serves from route files of their own, not documented operations. */
export const NEXT_ONLY_V1_PATHS = ["/v1/openapi.json"];
/** Below these, a path that names no operation is not taken for a `{chatbot_id}` path: `/v1/agency/contacts` is a 404. */
const CLOSED_V1_PREFIXES = ["/v1/agency"];

let routeTable: RestRouteTable | undefined;
/** The `/v1` route table: the procedures' `meta.rest` paths. */
export const restRouteTable = () => (routeTable ??= restRouteMatcher(restEndpoints().keys(), NEXT_ONLY_V1_PATHS, CLOSED_V1_PREFIXES));

/**
 * The handlers of Next's one `/v1` route (`src/app/v1/[[...path]]/route.ts`), for every method: the path
 * is routed by the procedures' `meta.rest` (route-match.ts), then answered as the front server answers it;
 * any path that names no operation is a 404 in the documented error shape, never an HTML page. Next gives
 * a HEAD request to the GET handler: the method is the handler's.
 */
export function restRouteHandlers(): Record<Method, Handler> {
  // One error for every such request: an Error captures a stack trace when it is made (3 % of a 404's CPU).
  const notFound = new AppError("NOT_FOUND", "No such API endpoint.");
  const handler = (method: Method): Handler => async (req) => {
    const route = restRouteTable().route(new URL(req.url).pathname);
    return route ? answerDocumentedRoute(req, route, method) : errorResponse(notFound);
  };
  return Object.fromEntries(METHODS.map((m) => [m, handler(m)])) as Record<Method, Handler>;
}

/**
 * The documented operation a request names, for the front server (`plainRoute`: a plain path, no falling
 * back); null for a path it leaves to Next, and for a method the route leaves to Next (HEAD, OPTIONS).
 */
export function documentedRoute(method: string, pathname: string): RestRoute | null {
  if (!METHODS.some((m) => m === method)) return null;
  return restRouteTable().plainRoute(pathname);
}

/**
 * A documented route answered, by the front server ahead of Next's router (docs/decisions/091-rest-ahead-of-next.md)
 * and by Next's `/v1` route alike.
 */
export function answerDocumentedRoute(req: Request, route: RestRoute, method = req.method as Method): Promise<Response> {
  return handle(route.path, method, req, route.params);
}

async function handle(path: string, method: Method, req: Request, fromPath: Record<string, string>): Promise<Response> {
  const url = new URL(req.url);
  const endpoints = restEndpoints().get(path) ?? [];
  const endpoint = endpoints.find((e) => e.method === method);
  let limitHeaders: Record<string, string> = {};
  try {
    if (!endpoint) {
      const allow = endpoints.map((e) => e.method).join(", ");
      throw new AppError("METHOD_NOT_ALLOWED", `The ${method} method is not supported for this route. Supported methods: ${allow}.`, {
        headers: { Allow: allow },
      });
    }
    const accept = req.headers.get("accept");
    if (!acceptsJson(accept) && !(endpoint.stream && /text\/event-stream/i.test(accept ?? "")) && !(endpoint.produces && accepts(accept, endpoint.produces))) throw new AppError("NOT_ACCEPTABLE");
    const body = endpoint.multipart ? await readMultipartBody(req, endpoint.multipart) : await readJsonBody(req);
    // Reads take their filters from the query; writes take path params + the body only, so that
    // nothing outside the body escapes the idempotency fingerprint (`POST …/pause?mode=hard`).
    const query = method === "GET" || method === "DELETE" ? Object.fromEntries(url.searchParams) : {};
    const input = { ...query, ...body, ...fromPath };
    assertNoNul(input);
    // A `{chatbot_id}` path: the chatbot and the caller's role are read with the token, in one statement;
    // an agency path: the user's agency with the path's client workspace or webhook endpoint, likewise.
    const agency = path.startsWith("/v1/agency/") ? { clientId: fromPath.client_id, webhookId: fromPath.webhook_id } : undefined;
    const ctx = await createContext({ headers: req.headers, allowSession: false, chatbotId: fromPath.chatbot_id, agency });
    if (ctx.tokenId) limitHeaders = enforce(await limitApiToken(ctx.tokenId));
    const key = validateKey(req.headers.get("idempotency-key"));
    const request = { ...ctx.request, idempotencyKey: key };
    // `run`: an idempotent call's Db (its transaction, for `transaction` operations) and key claim. The
    // chat turn's REST caller (turn-callers.ts) travels as the call's surface part.
    // A file (`meta.rest.produces`): a read, answered with the procedure's bytes.
    if (endpoint.produces) {
      const file = (await call(endpoint, { ...ctx, request, surface: {} }, input)) as { filename: string; body: Uint8Array | ReadableStream<Uint8Array> };
      return fileResponse(endpoint.produces, file, limitHeaders);
    }
    const execute = async (onDelta?: (content: string) => void, run?: { db: Db; key: KeyClaim }) => {
      const surface = { turn: apiTurn(request.ip, onDelta, run?.key ?? null) };
      const result = await call(endpoint, { ...ctx, db: run?.db ?? ctx.db, request, surface }, input);
      const status = endpoint.status ?? 200;
      return { status, body: status === 204 ? "" : JSON.stringify(result) };
    };
    const idempotent = Boolean(endpoint.idempotency) && !(endpoint.idempotency === "optional" && key === null);
    const once = async (onDelta?: (content: string) => void): Promise<StoredResponse & { replayed: boolean }> => {
      if (!idempotent) return { ...(await execute(onDelta)), replayed: false };
      if (!ctx.user) throw new AppError("UNAUTHENTICATED");
      if (key === null) throw new AppError("IDEMPOTENCY_KEY_MISSING");
      // Streamed or not, a retry is the same request: `stream` is left out of the fingerprint.
      const { stream: _mode, ...fingerprinted } = body as Record<string, unknown>;
      void _mode;
      const fingerprint = requestFingerprint(method, url.pathname, endpoint.stream ? fingerprinted : body);
      const scope = { userId: ctx.user.id, key, fingerprint, shownOnce: endpoint.shownOnce, effect: endpoint.idempotentEffect };
      return withIdempotency(ctx.db, scope, (run) => execute(onDelta, run));
    };
    // Streaming endpoints (`meta.rest.stream`): `stream: true` answers with server-sent events (kernel/http/sse.ts).
    if (endpoint.stream && (body as Record<string, unknown>).stream === true) {
      return sseResponse(async (onDelta) => {
        const response = await once(onDelta);
        return { body: JSON.parse(response.body) as unknown, replayed: response.replayed };
      }, limitHeaders);
    }
    const response = await once();
    // After a write, the primary's WAL position: the caller sends it back (X-Min-LSN) to read its own writes from a replica.
    const lsn = method !== "GET" && response.status < 400 ? await writePosition() : null;
    const headers = { ...limitHeaders, ...(response.replayed ? { "Idempotent-Replayed": "true" } : {}), ...(lsn ? { "X-Min-LSN": lsn } : {}) };
    return stored(response, headers);
  } catch (error) {
    const app = toAppError(error);
    if (app.code === "INTERNAL") console.error(`[rest] ${method} ${url.pathname} failed:`, error);
    return errorResponse(app, limitHeaders);
  }
}

/** Whether an `Accept` header takes this media type (absent, `*\/*`, `type/*` or the type itself, not at q=0). */
function accepts(accept: string | null, type: string): boolean {
  if (!accept || !accept.trim()) return true;
  const [major] = type.split("/");
  return accept.split(",").some((part) => {
    const [range = "", ...params] = part.trim().toLowerCase().split(";");
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) return false;
    return [type, `${major}/*`, "*/*"].includes(range.trim());
  });
}

/** A file: bytes, or a stream read while it is sent (a contact's export, record 124). */
function fileResponse(type: string, file: { filename: string; body: Uint8Array | ReadableStream<Uint8Array> }, headers: Record<string, string>): Response {
  return new Response(file.body instanceof ReadableStream ? file.body : new Uint8Array(file.body), {
    status: 200,
    headers: {
      "Content-Type": type,
      "Content-Disposition": `attachment; filename="${file.filename.replace(/["\\\r\n]/g, "")}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      ...headers,
    },
  });
}

async function call(endpoint: RestEndpoint, ctx: Context, input: Record<string, unknown>) {
  let target: unknown = createCaller(ctx);
  for (const part of endpoint.procedurePath.split(".")) target = (target as Record<string, unknown>)[part];
  return (target as (input: unknown) => Promise<unknown>)(input);
}
