/**
 * When two things people typed are "the same" for the duplicate rules (a website added twice to one
 * chatbot, an updated answer's question twice, two clients of one agency with one name): case, spacing
 * and trailing punctuation do not make a second one. Shared so forms and services agree.
 */
export function sameTextKey(text: string): string {
  return text
    .normalize("NFKC")
    .toLocaleLowerCase("en")
    .replace(/\s+/gu, " ")
    .trim()
    .replace(/[\s.!?¿¡。？！]+$/u, "")
    .replace(/^[\s¿¡]+/u, "");
}

/**
 * A web address as the duplicate rule compares it: scheme, `www.`, a trailing slash, the fragment and the
 * order of query parameters do not make a second website. Not a URL to fetch — only a key.
 */
export function sameUrlKey(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return raw.trim().toLowerCase();
  }
  url.searchParams.sort();
  const host = url.hostname.replace(/^www\./u, "");
  const port = url.port ? `:${url.port}` : "";
  const path = url.pathname.replace(/\/+$/u, "");
  const query = url.searchParams.toString();
  return `${host}${port}${path}${query ? `?${query}` : ""}`;
}
