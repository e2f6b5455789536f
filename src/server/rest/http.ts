/** Pure HTTP header rules of the REST surface (DESIGN §6). */

const JSON_SUFFIX = /^application\/[\w.+-]*\+json$/;

/** No `Accept` means JSON; otherwise JSON must be among the acceptable types. */
export function acceptsJson(accept: string | null): boolean {
  if (!accept || !accept.trim()) return true;
  return accept.split(",").some((part) => {
    const [type = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q && Number(q.slice(2)) === 0) return false;
    return ["application/json", "application/*", "*/*"].includes(type.trim()) || JSON_SUFFIX.test(type.trim());
  });
}

/** `application/json` (any parameters, any `+json` subtype). */
export function isJsonContentType(contentType: string | null): boolean {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "application/json" || JSON_SUFFIX.test(type);
}
