/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are checked field by field by the tests */
/** A small JSON client for contract tests. */
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  text: string;
  body: T;
}

export function apiClient(baseUrl: string) {
  return async function api<T = any>(
    method: string,
    path: string,
    opts: { token?: string; body?: unknown; key?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { Accept: "application/json", ...opts.headers };
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    if (opts.key) headers["Idempotency-Key"] = opts.key;
    if (opts.body !== undefined) headers["Content-Type"] = "application/json";
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : undefined };
  };
}
