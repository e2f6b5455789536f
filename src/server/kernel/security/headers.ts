/**
 * Security headers (docs/decisions/031-security-headers-and-browser-only-surfaces.md), one place. The dashboard may not be framed
 * (clickjacking on pause, top-up and token buttons); the paths the chat widget
 * will serve are embedded on customers' sites and get their own policy (§10.4),
 * so they are left out here, by prefix, in FRAMEABLE_PATHS.
 */
export const FRAMEABLE_PATHS = ["/widget/", "/chat/", "/widget.js", "/api/widget/", "/widget-preview/"] as const;

export function isFrameable(pathname: string): boolean {
  return FRAMEABLE_PATHS.some((p) => (p.endsWith("/") ? pathname.startsWith(p) || pathname === p.slice(0, -1) : pathname === p));
}

/**
 * The JSON surfaces (`/v1`, `/api`): their headers are set by the web server
 * (scripts/serve.ts) before Next runs, and Next's proxy does not run for them
 * (src/proxy.ts, `config.matcher`), so an API request pays for no proxy pass.
 */
export function isApiPath(pathname: string): boolean {
  return pathname === "/v1" || pathname.startsWith("/v1/") || pathname.startsWith("/api/");
}

/** JSON and other non-HTML answers (`/v1`, `/api`): nothing may load or frame them. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The dashboard's CSP: scripts only from this origin with the request's nonce
 * (Next puts it on its inline scripts), `strict-dynamic` for the chunks they
 * load. Inline style attributes stay allowed (charts and React `style` props
 * set them; they cannot run code). Images may come from https (chatbot icons).
 * The widget and share pages use the same policy with their own
 * `frame-ancestors` (the chatbot's verified domain, chatbots/widget-frame-headers).
 */
export function pageCsp(opts: { nonce: string; https: boolean; dev: boolean; frameAncestors?: string; formAction?: string }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${opts.nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${opts.dev ? " ws:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    opts.formAction ?? "form-action 'self'",
    opts.frameAncestors ?? "frame-ancestors 'none'",
    ...(opts.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** Headers for every response except the frameable widget paths' CSP / frame rules. */
export function securityHeaders(opts: { pathname: string; nonce: string | null; https: boolean; dev: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
  };
  if (opts.https) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  if (isFrameable(opts.pathname)) return headers;
  headers["X-Frame-Options"] = "DENY";
  headers["Content-Security-Policy"] = opts.nonce ? pageCsp({ nonce: opts.nonce, https: opts.https, dev: opts.dev }) : API_CSP;
  return headers;
}
