/**
 * A provider's endpoint under its configured base URL (`*_API_BASE_URL` settings, kernel/env.ts). The base may
 * carry a path (`https://graph.facebook.com/v21.0`, a stand-in or proxy mounted at `http://host/hubspot`), and
 * `new URL("/account-info/…", base)` would drop it: the endpoint's path is appended to the base's instead.
 */
export function providerUrl(base: string, endpoint: string): URL {
  const url = new URL(base);
  const [path = "", query] = endpoint.split("?", 2);
  url.pathname = `${url.pathname.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
  if (query !== undefined) url.search = query;
  return url;
}
