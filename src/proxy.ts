import { NextResponse, type NextRequest } from "next/server";
import { isApiPath, isFrameable, securityHeaders } from "@/server/kernel/security/headers";
import { widgetPageHeaders } from "@/server/chatbots";

/**
 * Next's proxy (formerly middleware), before every route: the security
 * headers (server/security/headers), with a fresh CSP nonce for each
 * dashboard page (Next reads it from the request's CSP header and puts it on
 * its inline scripts; pages are rendered per request). The widget page and the
 * share page are framed on customers' sites: their `frame-ancestors` depends
 * on the chatbot's verified domain (chatbots/widget-frame-headers).
 */
const WIDGET_PAGE = /^\/(widget|chat)\/([^/]+)$/;

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const https = (process.env.APP_URL ?? "").startsWith("https://");
  const dev = process.env.NODE_ENV === "development";
  const widgetPage = WIDGET_PAGE.exec(pathname);
  const page = (!isApiPath(pathname) && !isFrameable(pathname)) || widgetPage !== null;

  const nonce = page ? Buffer.from(crypto.randomUUID()).toString("base64") : null;
  const headers = securityHeaders({ pathname, nonce, https, dev });
  if (widgetPage) Object.assign(headers, await widgetPageHeaders(safeDecode(widgetPage[2]!), { nonce: nonce!, https, dev }));
  // The dashboard's live preview of the real widget (Install tab): framed by the app itself only.
  if (pathname.startsWith("/widget-preview/")) headers["Content-Security-Policy"] = "frame-ancestors 'self'; object-src 'none'; base-uri 'self'";

  const requestHeaders = new Headers(request.headers);
  if (nonce) {
    requestHeaders.set("x-nonce", nonce);
    requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]!);
  }
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return ""; // malformed percent-encoding: no chatbot, the page answers 404
  }
}

export const config = {
  // Everything but Next's immutable build assets and the JSON surfaces (isApiPath, whose headers
  // scripts/serve.ts sets). Next needs a literal here: src/proxy.test.ts holds it to isApiPath.
  matcher: ["/((?!_next/static|_next/image|favicon.ico|v1$|v1/|api/).*)"],
};
