/**
 * Which documented `/v1` operation a request path names, for the front server
 * (scripts/serve.ts), which answers documented routes itself, ahead of Next's
 * router (docs/decisions/091-rest-ahead-of-next.md).
 *
 * The match follows the route folders of `src/app/v1` as Next does: at each
 * segment a static name wins over a `{param}`. It never backtracks: a path
 * that goes down a static name and then finds no route (`/v1/me/x`), or that
 * is anything unusual (percent-encoding, an empty segment, a trailing slash),
 * gets null and is left to Next, so a path is never answered here differently
 * from how Next would route it.
 */
export interface RestRoute {
  /** The documented path, e.g. `/v1/{chatbot_id}/conversations`. */
  path: string;
  /** Its path parameters, e.g. `{ chatbot_id: "…" }`. */
  params: Record<string, string>;
}

interface Node {
  /** Static children by segment. */
  named: Map<string, Node>;
  /** The `{param}` child, if any. */
  param?: { name: string; node: Node };
  /** The documented path ending here; null for a route that only Next serves. */
  route?: string | null;
}

const PARAM = /^\{(\w+)\}$/;
/** What a path parameter may be: the ids and names of the contract (no percent-encoding, no dot segments). */
const PLAIN_SEGMENT = /^[A-Za-z0-9_.~-]+$/;

const emptyNode = (): Node => ({ named: new Map() });

/**
 * A matcher over the documented paths; `nextOnly` are the other route folders below `/v1` (e.g.
 * `/v1/openapi.json`), named so that a static name of theirs is never taken for a `{param}`.
 */
export function restRouteMatcher(documented: Iterable<string>, nextOnly: Iterable<string> = []): (pathname: string) => RestRoute | null {
  const root = emptyNode();
  const add = (path: string, route: string | null) => {
    let node = root;
    for (const segment of path.split("/").slice(1)) {
      const param = PARAM.exec(segment)?.[1];
      if (param) {
        if (node.param && node.param.name !== param) throw new Error(`${path}: {${param}} where another route has {${node.param.name}}`);
        node.param ??= { name: param, node: emptyNode() };
        node = node.param.node;
      } else {
        let child = node.named.get(segment);
        if (!child) node.named.set(segment, (child = emptyNode()));
        node = child;
      }
    }
    node.route = route;
  };
  for (const path of documented) add(path, path);
  for (const path of nextOnly) add(path, null);

  return (pathname) => {
    const segments = pathname.split("/");
    if (segments[0] !== "") return null;
    let node: Node | undefined = root;
    const params: Record<string, string> = {};
    for (let i = 1; i < segments.length && node; i++) {
      const segment = segments[i]!;
      if (!PLAIN_SEGMENT.test(segment) || segment === "." || segment === "..") return null;
      const named: Node | undefined = node.named.get(segment);
      if (named) node = named;
      else if (node.param) {
        params[node.param.name] = segment;
        node = node.param.node;
      } else return null;
    }
    return node?.route ? { path: node.route, params } : null;
  };
}
