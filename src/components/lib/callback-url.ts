/** The landing page: the cockpit, the client's home, or (without either) the chatbot list. */
const DEFAULT_DESTINATION = "/home";

/**
 * Where to go after signing in: a same-site path taken from the `callbackUrl`
 * query parameter. Absolute URLs are reduced to their path so a crafted link
 * cannot send the user to another site.
 */
export function safeCallbackUrl(raw: string | string[] | undefined): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return DEFAULT_DESTINATION;
  let url: URL;
  try {
    url = new URL(value, "http://localhost");
  } catch {
    return DEFAULT_DESTINATION;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return DEFAULT_DESTINATION;
  if (url.pathname === "/" || url.pathname === "/login" || url.pathname.startsWith("/api/")) return DEFAULT_DESTINATION;
  return path;
}
