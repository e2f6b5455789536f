/**
 * What the provider stand-ins (telegram-, whatsapp-, slack-, teams-stand-in.ts) share: a request's body, a JSON
 * answer, and failures queued per recipient for the next calls. Each provider's own error body (Telegram's
 * `{ok: false, error_code, description, parameters}`, Graph's `{error: {…}}`, Slack's `{ok: false, error}`
 * and 429 `Retry-After`) stays in its stand-in: that shape is what the stand-in is for.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** A request's body: JSON (what the channels send), else form fields; `{}` when empty. */
export async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return {};
  if ((req.headers["content-type"] ?? "").includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  return JSON.parse(text) as Record<string, unknown>;
}

/** A JSON answer with the provider's status (and headers, e.g. Slack's `Retry-After`). */
export function answerJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

/** Failures to answer, in order, to the next calls for one recipient (a chat, a phone number, a Slack channel). */
export function faultQueue<F>() {
  const queued = new Map<string, F[]>();
  return {
    add(recipient: string, fault: F, count = 1) {
      queued.set(recipient, [...(queued.get(recipient) ?? []), ...Array.from({ length: count }, () => fault)]);
    },
    /** The next failure for this recipient, if one is queued (then it is used up). */
    next: (recipient: string): F | undefined => queued.get(recipient)?.shift(),
  };
}

/** A stand-in's control routes (`/__control/{path}`) called from another process (Playwright's runner): GET without a body, POST with one. */
export function controlCall(baseUrl: string) {
  return async (path: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(`${baseUrl}/__control/${path}`, { method: body === undefined ? "GET" : "POST", headers: { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
    return (await res.json()) as unknown;
  };
}

/** The first item recorded from `from` on that matches, once it is there (a test awaits a provider's call). */
export async function nextRecorded<T>(items: T[], from: number, match: (item: T) => boolean): Promise<T> {
  for (;;) {
    const found = items.slice(from).find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
}
