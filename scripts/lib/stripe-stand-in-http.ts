/**
 * The wire rules of Stripe's API that the Stripe stand-in (stripe-stand-in.ts) speaks, apart from its
 * objects: form-encoded bodies with nested keys (`line_items[0][price]`, `expand[]`), the secret key as a
 * bearer or as basic auth's user name, the error body `{error: {type, code, message, param}}`, and list
 * pages (`limit`, `starting_after`, `ending_before` → `{object: "list", data, has_more, url}`).
 */
import type { IncomingMessage } from "node:http";

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = Record<string, FormValue>;

/** `a[b][0][c]=x` → `{a: {b: [{c: "x"}]}}`; `a[]=x&a[]=y` → `{a: ["x", "y"]}`; an empty value stays "" (Stripe's "unset"). */
export function decodeForm(text: string): Form {
  const root: Form = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const [head, ...rest] = rawKey.split("[");
    const path = [head!, ...rest.map((part) => part.replace(/]$/, ""))];
    let node: Record<string, FormValue> | FormValue[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const key = part === "" && Array.isArray(node) ? String(node.length) : part;
      const container = node as Record<string, FormValue>;
      if (last) {
        container[key] = value;
        return;
      }
      const nextIsIndex = path[i + 1] === "" || /^\d+$/.test(path[i + 1]!);
      container[key] ??= nextIsIndex ? [] : {};
      node = container[key] as Record<string, FormValue> | FormValue[];
    });
  }
  return root;
}

export async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The secret key of a request: `Authorization: Bearer sk_…`, or basic auth with the key as user name (curl -u sk_…:). */
export function secretKeyOf(req: IncomingMessage): string | null {
  const header = req.headers.authorization ?? "";
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  if (bearer) return bearer[1]!;
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (basic) return Buffer.from(basic[1]!, "base64").toString("utf8").split(":")[0] || null;
  return null;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: "invalid_request_error" | "idempotency_error" | "api_error" | "card_error" | "rate_limit_error",
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }

  body() {
    return { error: { type: this.type, message: this.message, ...(this.code ? { code: this.code } : {}), ...(this.param ? { param: this.param } : {}) } };
  }
}

export const missing = (param: string) => new StripeApiError(400, "invalid_request_error", `Missing required param: ${param}.`, "parameter_missing", param);
export const invalid = (param: string, message: string) => new StripeApiError(400, "invalid_request_error", message, "parameter_invalid_string", param);
export const noSuch = (what: string, id: string, param = "id") => new StripeApiError(404, "invalid_request_error", `No such ${what}: '${id}'`, "resource_missing", param);

export function str(form: Form, param: string, required: true): string;
export function str(form: Form, param: string, required?: false): string | undefined;
export function str(form: Form, param: string, required = false): string | undefined {
  const value = form[param];
  if (value === undefined || value === "") {
    if (required) throw missing(param);
    return undefined;
  }
  if (typeof value !== "string") throw invalid(param, `Invalid string: ${param}`);
  return value;
}

/** A non-negative integer parameter (amounts are integers in the currency's minor unit). */
export function int(form: Form, param: string, required = false): number | undefined {
  const value = str(form, param, required as true);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new StripeApiError(400, "invalid_request_error", `Invalid integer: ${value}`, "parameter_invalid_integer", param);
  return Number(value);
}

export function bool(form: Form, param: string): boolean | undefined {
  const value = str(form, param);
  if (value === undefined) return undefined;
  if (value !== "true" && value !== "false") throw invalid(param, `Invalid boolean: ${value}`);
  return value === "true";
}

export const obj = (form: Form, param: string): Form => {
  const value = form[param];
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Form) : {};
};

export const arr = (form: Form, param: string): FormValue[] => {
  const value = form[param];
  if (Array.isArray(value)) return value;
  if (value && typeof value === "object") return Object.values(value);
  return [];
};

/** Metadata is strings only. */
export const metadataOf = (form: Form): Record<string, string> =>
  Object.fromEntries(Object.entries(obj(form, "metadata")).filter((e): e is [string, string] => typeof e[1] === "string"));

/** One page of a list, newest first as Stripe lists: `limit` (1–100, default 10), `starting_after` / `ending_before` an id in it. */
export function page<T extends { id: string }>(items: T[], query: URLSearchParams, url: string) {
  const limit = Math.min(Math.max(Number(query.get("limit") ?? 10) || 10, 1), 100);
  const after = query.get("starting_after");
  const before = query.get("ending_before");
  let from = 0;
  let to = items.length;
  if (after) {
    const i = items.findIndex((x) => x.id === after);
    if (i < 0) throw noSuch("object", after, "starting_after");
    from = i + 1;
  } else if (before) {
    const i = items.findIndex((x) => x.id === before);
    if (i < 0) throw noSuch("object", before, "ending_before");
    to = i;
    from = Math.max(0, to - limit);
  }
  const data = items.slice(from, Math.min(to, from + limit));
  const hasMore = before ? from > 0 : from + limit < to;
  return { object: "list" as const, data, has_more: hasMore, url };
}
