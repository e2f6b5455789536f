import { env } from "@/server/kernel/env";
import { outboundClient, OutboundError } from "@/server/kernel/net/client";
import type { NetPolicy } from "@/server/kernel/net/guard";
import { openSecret } from "@/server/kernel/lib/secret-box";
import { argumentsRefusal } from "./parameters-schema";
import { storedHeaders } from "./serializer";

/**
 * One call of an HTTP action through the platform's one outbound client (kernel/net/client.ts) and its SSRF
 * guard: the literal host is checked before anything is sent, every resolved address when the socket
 * connects; redirects are never followed (a 3xx is a failure, so a redirect cannot lead to a private
 * address); one overall timeout; the response read up to a size bound. Never retried (it is part of a chat
 * turn). Never throws: the outcome says what happened.
 */
export const actionNetPolicy = (): NetPolicy => ({ allowPrivate: env().ACTIONS_ALLOW_PRIVATE_NETWORKS });

const actionsHttp = outboundClient(() => ({ policy: actionNetPolicy(), connections: 16, keepAliveMs: 5_000 }));

export interface CallableAction {
  id: string;
  name: string;
  method: string;
  url: string;
  headers: unknown;
  parameters: unknown;
}

export interface ActionOutcome {
  actionId: string;
  name: string;
  /** The request as sent, header values left out. */
  request: { method: string; url: string; body: string | null };
  status: number | null;
  durationMs: number;
  error: string | null;
  /** What the model reads: the response body (bounded) or the error. */
  result: string;
}

/** What the model reads of a response: enough to answer from, never a whole page. */
const RESULT_CHARS = 8_000;

/** The URL with `{param}` filled (encoded) and, for GET and DELETE, the other arguments as its query. */
export function buildRequest(action: CallableAction, args: Record<string, unknown>): { method: string; url: string; body: string | null } {
  const used = new Set<string>();
  const url = new URL(
    action.url.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => {
      used.add(name);
      const value = args[name];
      return encodeURIComponent(value === undefined || value === null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value));
    }),
  );
  const rest = Object.fromEntries(Object.entries(args).filter(([k]) => !used.has(k)));
  if (action.method === "GET" || action.method === "DELETE") {
    for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== null) url.searchParams.set(k, typeof v === "object" ? JSON.stringify(v) : String(v));
    return { method: action.method, url: url.toString(), body: null };
  }
  return { method: action.method, url: url.toString(), body: JSON.stringify(rest) };
}

export async function callAction(action: CallableAction, rawArgs: unknown): Promise<ActionOutcome> {
  const started = Date.now();
  const args = rawArgs && typeof rawArgs === "object" && !Array.isArray(rawArgs) ? (rawArgs as Record<string, unknown>) : {};
  const failed = (req: ActionOutcome["request"], error: string, status: number | null = null): ActionOutcome => ({
    actionId: action.id,
    name: action.name,
    request: req,
    status,
    durationMs: Date.now() - started,
    error,
    result: JSON.stringify({ error }),
  });
  let req: ActionOutcome["request"] = { method: action.method, url: action.url, body: null };
  const refusal = argumentsRefusal(action.parameters, args);
  if (refusal) return failed(req, `The arguments do not fit the action's parameters: ${refusal}.`);
  try {
    req = buildRequest(action, args);
  } catch {
    return failed(req, "The arguments do not make a valid URL.");
  }
  const { ACTION_TIMEOUT_MS, ACTION_MAX_RESPONSE_BYTES } = env();
  try {
    const headers: Record<string, string> = { accept: "application/json, text/plain;q=0.9, */*;q=0.5", "user-agent": "AgencyChatbotPlatform-Action/1.0" };
    for (const h of storedHeaders(action.headers)) headers[h.name.toLowerCase()] = openSecret(h.value);
    if (req.body !== null) headers["content-type"] = "application/json";
    const res = await actionsHttp.send({ url: req.url, method: req.method as "GET", headers, ...(req.body === null ? {} : { body: req.body }), timeoutMs: ACTION_TIMEOUT_MS, maxBytes: ACTION_MAX_RESPONSE_BYTES });
    if (res.status >= 300 && res.status < 400) return failed(req, `The service answered with a redirect (HTTP ${res.status}), which is not followed.`, res.status);
    if (res.status >= 400) return failed(req, `The service answered HTTP ${res.status}.`, res.status);
    return { actionId: action.id, name: action.name, request: req, status: res.status, durationMs: Date.now() - started, error: null, result: res.body.toString("utf8").slice(0, RESULT_CHARS) };
  } catch (error) {
    const e = error instanceof OutboundError ? error : new OutboundError("unreachable", (error as Error).message, { code: (error as { code?: string }).code });
    switch (e.kind) {
      case "blocked":
        return failed(req, "The action's address is private, loopback or reserved: refused.");
      case "timeout":
        return failed(req, `The service did not answer within ${ACTION_TIMEOUT_MS} ms.`);
      case "too_large":
        return failed(req, `The response was larger than ${ACTION_MAX_RESPONSE_BYTES} bytes.`, e.detail.status);
      default:
        return failed(req, `The service could not be reached (${e.detail.code ?? e.message}).`.slice(0, 300));
    }
  }
}
