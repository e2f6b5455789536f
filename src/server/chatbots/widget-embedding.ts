import { standingOf } from "@/server/workspaces";

/**
 * Where the widget may appear and who may call its public API (docs/decisions/027-widget-public-api.md):
 * pure rules, no I/O.
 */

export interface ServingFacts {
  enabled: boolean;
  deletedAt: Date | null;
  workspace: { status: "active" | "paused" | "suspended"; pauseMode: "hard" | "soft" | null };
}

/**
 * Whether the widget loads at all. A hard pause or a suspension stops it
 * ("widget no longer loads"); a soft pause keeps it while credits last, so
 * the visitor gets the polite "unavailable" answer from the pipeline instead.
 */
export function widgetServes(facts: ServingFacts): boolean {
  if (!facts.enabled || facts.deletedAt !== null) return false;
  return standingOf(facts.workspace.status, facts.workspace.pauseMode) !== "stopped";
}

export interface DomainFacts {
  domain: string | null;
  domainVerified: boolean;
}

/** The allow-listed hostname: only a set and verified domain restricts anything. */
export function allowedDomain(facts: DomainFacts): string | null {
  const domain = facts.domain?.trim().toLowerCase().replace(/\.$/, "");
  return domain && facts.domainVerified ? domain : null;
}

/** `example.com` allows `example.com`, `www.example.com` and any other subdomain; `www.example.com` also allows the bare `example.com`. */
export function hostMatchesDomain(host: string, domain: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  const d = domain.replace(/^www\./, "");
  return h === d || h.endsWith(`.${d}`);
}

/**
 * Whether a request with this `Origin` may use the chatbot's public API. No
 * `Origin` (a non-browser client, which could forge it anyway) passes: the
 * browser always sends one cross-origin, and the iframe — our own origin —
 * is itself guarded by `frame-ancestors`.
 */
export function originAllowed(origin: string | null, facts: DomainFacts, appOrigin: string): boolean {
  const domain = allowedDomain(facts);
  if (!domain || origin === null) return true;
  if (origin === appOrigin) return true;
  let host: string;
  try {
    const url = new URL(origin);
    if (url.protocol !== "https:" && url.protocol !== "http:") return false;
    host = url.hostname;
  } catch {
    return false; // "null" (sandboxed frames, file://) and garbage
  }
  return hostMatchesDomain(host, domain);
}

/** The `frame-ancestors` directive of the widget page and the share page. */
export function frameAncestors(facts: DomainFacts, appOrigin: string): string {
  const domain = allowedDomain(facts);
  if (!domain) return "frame-ancestors *";
  const bare = domain.replace(/^www\./, "");
  return `frame-ancestors 'self' ${appOrigin} ${bare} *.${bare}`;
}
