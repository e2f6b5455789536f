import type { AnyProcedure } from "@trpc/server";
import { appRouter } from "@/server/transport/root";
import type { Meta, RestMeta } from "@/server/access";

export interface RestEndpoint extends RestMeta {
  /** Dotted tRPC path, e.g. `me.chatbots`. */
  procedurePath: string;
  procedure: AnyProcedure;
}

let registry: Map<string, RestEndpoint[]> | undefined;

/** Every procedure that declares a REST route, grouped by documented path. */
export function restEndpoints(): Map<string, RestEndpoint[]> {
  if (registry) return registry;
  registry = new Map();
  // At run time `_def.procedures` is flat, keyed by dotted path (its type says nested).
  const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
  for (const [procedurePath, procedure] of Object.entries(procedures)) {
    const rest = (procedure._def.meta as Meta | undefined)?.rest;
    if (!rest) continue;
    const list = registry.get(rest.path) ?? [];
    if (list.some((e) => e.method === rest.method)) throw new Error(`Two procedures declare ${rest.method} ${rest.path}`);
    list.push({ ...rest, procedurePath, procedure });
    registry.set(rest.path, list);
  }
  return registry;
}
