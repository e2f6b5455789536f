/**
 * What a client's source limit counts, said the same way in the client form, the client page, the error
 * and the API description: every page a website crawl keeps, each page, text and file added by hand,
 * across all the client's chatbots (the count is the Client's `usage.sources`). A website of 150 pages
 * is 151 sources: itself and its pages.
 */
export const SOURCE_LIMIT_COUNTS = "every website page a crawl keeps and every website, page, text and file added, across all the client's chatbots";

export const SOURCE_LIMIT_DESCRIPTION = `Maximum number of training sources: ${SOURCE_LIMIT_COUNTS} (the Client's usage.sources). Omit or null: no client-level limit.`;

const n = (value: number) => value.toLocaleString("en-US");

/** The refusal when the limit is reached, for people (no field keys). */
export function sourceLimitReached(limit: number, used: number): string {
  return `This client's limit of ${n(limit)} sources is reached: ${n(used)} are in use, counting ${SOURCE_LIMIT_COUNTS}. Delete sources or ask for a higher limit.`;
}

/** The warning shown when a limit is set below what is already in use (nothing is deleted; nothing more can be added). */
export function sourceLimitBelowUsage(limit: number, used: number): string | null {
  if (used <= limit) return null;
  const over = used - limit;
  return `Below current use: ${n(used)} sources are in use, so nothing new can be trained until ${n(over)} ${over === 1 ? "is" : "are"} deleted. Nothing is deleted by this limit.`;
}
