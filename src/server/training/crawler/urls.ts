/**
 * URL rules of the crawler: one spelling per page (so the frontier's unique
 * key really means "one page"), and what counts as the same site.
 */
const TRACKING_PARAMS = /^(utm_[a-z_]+|gclid|dclid|fbclid|msclkid|yclid|mc_cid|mc_eid|_ga|_gl|igshid|ref_src|spm)$/i;
const NON_PAGE_EXTENSIONS = /\.(png|jpe?g|gif|webp|svg|ico|bmp|tiff?|mp[34]|m4a|wav|ogg|webm|mov|avi|zip|gz|tgz|rar|7z|exe|dmg|iso|css|js|mjs|json|woff2?|ttf|eot|xml|rss|atom)$/i;

/** Absolute http(s) URL without fragment, tracking parameters, default port or empty query; host lower-cased. Null when not crawlable. */
export function normalizeUrl(raw: string, base?: string): string | null {
  let url: URL;
  try {
    url = base ? new URL(raw, base) : new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password) return null;
  url.hash = "";
  for (const key of [...url.searchParams.keys()]) if (TRACKING_PARAMS.test(key)) url.searchParams.delete(key);
  url.searchParams.sort();
  if (!url.searchParams.size) url.search = "";
  url.hostname = url.hostname.toLowerCase();
  if (!url.pathname) url.pathname = "/";
  return url.toString();
}

function bareHost(host: string): string {
  return host.toLowerCase().replace(/^www\./, "");
}

/** Same site: same host, `www.` and apex being one site (the scheme may differ: http → https moves are common). */
export function isSameSite(url: string, siteUrl: string): boolean {
  try {
    return bareHost(new URL(url).host) === bareHost(new URL(siteUrl).host);
  } catch {
    return false;
  }
}

/** Links to images, scripts, archives and feeds are not pages worth fetching. */
export function looksLikePage(url: string): boolean {
  try {
    return !NON_PAGE_EXTENSIONS.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

/** The URL's path with its query, as a page source's `path`. */
export function pathOf(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}
