import { z } from "zod";
import type { Team } from "@/generated/prisma/client";
import type { Agency } from "@/server/access";
import type { Db } from "@/server/kernel/db/client";

/**
 * A new agent made from a blueprint — an agency's template (docs/decisions/111-templates-are-data.md). The
 * agency's agent creation (`POST /v1/agency/clients`, `…/clients/{client_id}/chatbots`) takes these fields;
 * what they do is the templates capability's, which depends on this one: the transport hands it to
 * `agencyClientsRouterWith` (transport/root.ts), so the dependency stays one way.
 */
export const blueprintFields = {
  template_id: z.string().max(100).optional().meta({ description: "Make the agent from this template of the agency: linked to it, with its settings, content and sources (trained at once)" }),
  version: z.number().int().min(1).max(2_147_483_647).optional().meta({ description: "The template's version (default: its latest)" }),
  variables: z
    .record(z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, "A variable's name uses lowercase letters, digits and _ (starting with a letter)."), z.string().trim().min(1).max(2048))
    .optional()
    .meta({ description: "Values of the template's placeholders, e.g. `client_website` (`client_name` defaults to the client's name)" }),
};

export interface BlueprintRequest {
  template_id: string;
  version?: number;
  variables?: Record<string, string>;
}

/** `template_id` with its options, or null when none is given (`version` or `variables` alone: 422). */
export function blueprintRequest(input: { template_id?: string; version?: number; variables?: Record<string, string> }, refuse: (field: string) => never): BlueprintRequest | null {
  if (input.template_id === undefined) {
    if (input.version !== undefined) refuse("version");
    if (input.variables !== undefined) refuse("variables");
    return null;
  }
  return { template_id: input.template_id, version: input.version, variables: input.variables };
}

export interface AgentBlueprints {
  /** Makes the new agent `chatbotId` (in the creation's transaction) from the blueprint; answers its accent colour after. */
  seed(db: Db, args: { agency: Agency; client: Team; chatbotId: string; request: BlueprintRequest; accentColor: string | null }): Promise<{ accent_color: string }>;
}
