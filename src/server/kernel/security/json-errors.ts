import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import { errorBodyText, JSON_HEADERS } from "@/server/kernel/http/json-response";

/**
 * Every error of the JSON surfaces (`/v1`, `/api`) has a JSON `{message}`
 * body. Next answers some on its own with no body at all — a method a route
 * file does not export is an empty 405 — so the web server (scripts/serve.ts)
 * gives such an answer its body: when an error status goes out with no
 * `Content-Type`, the response becomes JSON and whatever untyped body Next
 * writes is replaced by the message.
 */
export function emptyErrorMessage(method: string, status: number): string {
  if (status === 405) return `The ${method} method is not supported for this route.`;
  return STATUS_CODES[status] ?? "Error.";
}

export function giveEmptyErrorsAJsonBody(req: IncomingMessage, res: ServerResponse): void {
  let replacing = false;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const explicit = rest.find((r) => r && typeof r === "object") as Record<string, unknown> | undefined;
    const typed = res.hasHeader("content-type") || Object.keys(explicit ?? {}).some((k) => k.toLowerCase() === "content-type");
    if (status >= 400 && !typed) {
      replacing = true;
      for (const [name, value] of Object.entries(JSON_HEADERS)) res.setHeader(name, value);
      res.removeHeader("Content-Length");
    }
    return writeHead(status, ...rest);
  }) as typeof res.writeHead;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  res.write = ((...args: unknown[]) => {
    if (!res.headersSent) res.writeHead(res.statusCode);
    if (replacing) {
      const callback = args.find((a) => typeof a === "function") as (() => void) | undefined;
      callback?.();
      return true;
    }
    return write(...args);
  }) as typeof res.write;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((...args: unknown[]) => {
    if (!res.headersSent) res.writeHead(res.statusCode);
    if (!replacing) return end(...args);
    const callback = args.find((a) => typeof a === "function") as (() => void) | undefined;
    return end(errorBodyText(emptyErrorMessage(req.method ?? "GET", res.statusCode)), callback);
  }) as typeof res.end;
}
