import { z } from "zod";
import type { Template, TemplateVersion } from "@/generated/prisma/client";
import { isoMicro } from "@/server/kernel/lib/timestamps";
import { templateContentSchema, type TemplateContent } from "./content";

/** The templates' resources on the wire (timestamps with microseconds and `Z`, docs/decisions/006-identifiers-and-timestamps.md). */

export const templateSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    master_chatbot_id: z.string().nullable().meta({ description: "The chatbot whose state each version publishes (null once it is deleted)" }),
    latest_version: z.number().int(),
    variables: z.record(z.string(), z.string()).meta({ description: "The master's own values of the variables, replaced by `{name}` placeholders when a version is published" }),
    linked_chatbots: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Template" });

export const templateVersionSchema = z
  .object({
    template_id: z.string(),
    version: z.number().int(),
    note: z.string().nullable(),
    variables: z.array(z.string()).meta({ description: "The placeholders this version uses: a chatbot made from it gives each a value" }),
    created_at: z.string(),
  })
  .meta({ id: "TemplateVersion" });

export const templateVersionWithContentSchema = templateVersionSchema
  .extend({ content: templateContentSchema.meta({ description: "The versioned snapshot: settings, lead form, greeting and items, each item under a key kept across versions" }) })
  .meta({ id: "TemplateVersionWithContent" });

const changeKind = z.enum(["changed", "added", "removed"]);

export const fieldChangeSchema = z
  .object({ field: z.string(), label: z.string(), change: changeKind, from: z.unknown(), to: z.unknown() })
  .meta({ id: "TemplateFieldChange", description: "`field`: `settings.<name>`, `lead_form`, `greeting`, `<items>.<key>` or `<items>.added.<row id>`" });

export const overrideSchema = z
  .object({ field: z.string(), label: z.string(), override: changeKind, template: z.unknown(), chatbot: z.unknown() })
  .meta({ id: "TemplateOverride", description: "A field where the chatbot differs from the version it follows: kept by every rollout until reverted" });

export const clientRefSchema = z.object({ id: z.string(), name: z.string() }).nullable().meta({ description: "The client workspace (null: the agency's own)" });

export const linkedChatbotSchema = z
  .object({
    chatbot_id: z.string(),
    name: z.string(),
    client: clientRefSchema,
    version: z.number().int(),
    variables: z.record(z.string(), z.string()),
    overrides: z.array(overrideSchema),
    linked_at: z.string(),
  })
  .meta({ id: "TemplateLinkedChatbot" });

export type TemplateJson = z.infer<typeof templateSchema>;

export function serializeTemplate(t: Template, linked: number): TemplateJson {
  return {
    id: t.id,
    name: t.name,
    master_chatbot_id: t.masterChatbotId,
    latest_version: t.latestVersion,
    variables: (t.variables ?? {}) as Record<string, string>,
    linked_chatbots: linked,
    created_at: isoMicro(t.createdAt),
    updated_at: isoMicro(t.updatedAt),
  };
}

export const contentOf = (v: Pick<TemplateVersion, "content">): TemplateContent => templateContentSchema.parse(v.content);

export function serializeVersion(v: TemplateVersion) {
  return { template_id: v.templateId, version: v.version, note: v.note, variables: contentOf(v).variables, created_at: isoMicro(v.createdAt) };
}
