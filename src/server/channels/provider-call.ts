/**
 * One call to a provider's HTTP API, as every channel client makes it: JSON
 * in and out, a time limit, and the provider's failure kept as data (its
 * message shown to the agency, its 429 `retry_after` honoured by the sender).
 */
export interface ProviderFailure {
  ok: false;
  /** The HTTP status (0: no answer). */
  status: number;
  message: string;
  retryAfterSeconds: number | null;
  /** Retrying cannot help (a bad token, a blocked bot). */
  permanent: boolean;
}
export type ProviderAnswer<T> = { ok: true; result: T } | ProviderFailure;

const TIMEOUT_MS = 15_000;

export interface ProviderRequest {
  url: string;
  method?: "GET" | "POST";
  body?: unknown;
  headers?: Record<string, string>;
}

/** The failure when no answer came (network, time limit): worth retrying. */
export const unreachable = (message: string): ProviderFailure => ({ ok: false, status: 0, message, retryAfterSeconds: null, permanent: false });

/** A failed answer: 429 and 5xx are worth retrying, other 4xx (a bad token, a blocked bot) are not. */
export function failure(status: number, message: string, retryAfterSeconds: number | null): ProviderFailure {
  return { ok: false, status, message, retryAfterSeconds, permanent: status >= 400 && status < 500 && status !== 429 && status !== 408 };
}

/** Sends the request; the parsed JSON body with the HTTP status, or `unreachable`. */
export async function providerFetch(req: ProviderRequest): Promise<{ status: number; json: unknown; headers: Headers } | ProviderFailure> {
  try {
    const res = await fetch(req.url, {
      method: req.method ?? (req.body === undefined ? "GET" : "POST"),
      headers: { ...(req.body === undefined ? {} : { "Content-Type": "application/json; charset=utf-8" }), ...req.headers },
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, json, headers: res.headers };
  } catch (error) {
    return unreachable(`The provider did not answer: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export const isFailure = (r: unknown): r is ProviderFailure => typeof r === "object" && r !== null && "ok" in r && (r as { ok: unknown }).ok === false;
