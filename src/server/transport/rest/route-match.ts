/**
 * Which documented `/v1` operation a request path names. The procedures' `meta.rest` paths are the route
 * table; two readers share it:
 * - `route`, Next's catch-all route (`src/app/v1/[[...path]]/route.ts`), routes every `/v1` path as Next's
 *   router routed the route folders that the table replaced, answers included: at each segment a static
 *   name is tried before a `{param}`, and a path that finds nothing below a static name falls back to the
 *   `{param}` beside it (`/v1/me/contacts` is `{chatbot_id}=me`), except below a closed prefix
 *   (`/v1/agency/contacts` names nothing). A static name matches the segment as sent (`/v1/%6De` is not
 *   `/v1/me`); a parameter is the segment decoded; a trailing slash is ignored.
 * - `plainRoute`, for the front server (scripts/serve.ts), which answers documented routes ahead of Next
 *   (docs/decisions/091-rest-ahead-of-next.md), never guesses: no falling back, and anything unusual
 *   (percent-encoding, an empty segment, a trailing slash) gets null and is left to Next, which answers it
 *   through `route`.
 */
export interface RestRoute {
  /** The documented path, e.g. `/v1/{chatbot_id}/conversations`. */
  path: string;
  /** Its path parameters, e.g. `{ chatbot_id: "…" }`. */
  params: Record<string, string>;
}

export interface RestRouteTable {
  /** Next's routing of any `/v1` path: the documented operation, or null (no such endpoint). */
  route(pathname: string): RestRoute | null;
  /** The front server's: the documented operation of a plain path, or null (left to Next). */
  plainRoute(pathname: string): RestRoute | null;
}

interface Node {
  /** Static children by segment. */
  named: Map<string, Node>;
  /** The `{param}` child, if any. */
  param?: { name: string; node: Node };
  /** `{param}.ext` children by their literal suffix (`.pdf`): tried before the plain `{param}`. */
  suffixed?: Map<string, { name: string; node: Node }>;
  /** The documented path ending here; null for a route that only Next serves. */
  route?: string | null;
  /** Closed: one or more segments below this node that name no operation name nothing (no falling back). */
  closed?: boolean;
}

/** Where a walk ended: a route (null for one that is not a documented operation, or a closed prefix). */
type Found = { path: string | null; params: Record<string, string> };

const PARAM = /^\{(\w+)\}$/;
/** A parameter with a literal file extension after it, e.g. `{period}.pdf`. */
const SUFFIXED_PARAM = /^\{(\w+)\}(\.[A-Za-z0-9]+)$/;
/** What a path parameter may be: the ids and names of the contract (no percent-encoding, no dot segments). */
const PLAIN_SEGMENT = /^[A-Za-z0-9_.~-]+$/;

const emptyNode = (): Node => ({ named: new Map() });

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The first route of the path in Next's order (node, static child, `{param}` child, closed); `fallBack: false` stops at the first dead end. */
function walk(node: Node, segments: string[], i: number, fallBack: boolean): Found | undefined {
  if (i === segments.length) return node.route === undefined ? undefined : { path: node.route, params: {} };
  const segment = segments[i]!;
  const named = node.named.get(segment);
  if (named) {
    const found = walk(named, segments, i + 1, fallBack);
    if (found || !fallBack) return found;
  }
  for (const [suffix, child] of node.suffixed ?? []) {
    const value = segment.length > suffix.length && segment.endsWith(suffix) ? decoded(segment.slice(0, -suffix.length)) : null;
    if (value === null) continue;
    const found = walk(child.node, segments, i + 1, fallBack);
    if (found) return { path: found.path, params: { [child.name]: value, ...found.params } };
    if (!fallBack) return undefined;
  }
  const value = node.param && segment !== "" ? decoded(segment) : null;
  if (node.param && value !== null) {
    const found = walk(node.param.node, segments, i + 1, fallBack);
    if (found) return { path: found.path, params: { [node.param.name]: value, ...found.params } };
    if (!fallBack) return undefined;
  }
  return node.closed ? { path: null, params: {} } : undefined;
}

/**
 * The table of the documented paths. `nextOnly` are the other routes below `/v1`, served by route files of
 * their own (e.g. `/v1/openapi.json`), so that a static name of theirs is never taken for a `{param}`;
 * `closed` are prefixes below which a path that names no operation names nothing.
 */
export function restRouteMatcher(documented: Iterable<string>, nextOnly: Iterable<string> = [], closed: Iterable<string> = []): RestRouteTable {
  const root = emptyNode();
  const nodeOf = (path: string) => {
    let node = root;
    for (const segment of path.split("/").slice(1)) {
      const suffixed = SUFFIXED_PARAM.exec(segment);
      const param = PARAM.exec(segment)?.[1];
      if (suffixed) {
        node.suffixed ??= new Map();
        let child = node.suffixed.get(suffixed[2]!);
        if (!child) node.suffixed.set(suffixed[2]!, (child = { name: suffixed[1]!, node: emptyNode() }));
        node = child.node;
      } else if (param) {
        if (node.param && node.param.name !== param) throw new Error(`${path}: {${param}} where another route has {${node.param.name}}`);
        node.param ??= { name: param, node: emptyNode() };
        node = node.param.node;
      } else {
        let child = node.named.get(segment);
        if (!child) node.named.set(segment, (child = emptyNode()));
        node = child;
      }
    }
    return node;
  };
  for (const path of documented) nodeOf(path).route = path;
  for (const path of nextOnly) nodeOf(path).route = null;
  for (const path of closed) nodeOf(path).closed = true;

  const documentedOnly = (found: Found | undefined): RestRoute | null => (found?.path ? { path: found.path, params: found.params } : null);
  return {
    route(pathname) {
      const segments = pathname.split("/");
      if (segments[0] !== "") return null;
      // A trailing slash: the route without it (Next's, with skipTrailingSlashRedirect).
      if (segments.length > 2 && segments.at(-1) === "") segments.pop();
      return documentedOnly(walk(root, segments.slice(1), 0, true));
    },
    plainRoute(pathname) {
      const segments = pathname.split("/");
      if (segments[0] !== "") return null;
      if (!segments.slice(1).every((s) => PLAIN_SEGMENT.test(s) && s !== "." && s !== "..")) return null;
      return documentedOnly(walk(root, segments.slice(1), 0, false));
    },
  };
}
