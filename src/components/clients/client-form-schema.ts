/**
 * Browser-side validation of the client forms (create and limits editor),
 * mirroring the server's rules; the server's own field errors are shown too.
 * Inputs are strings as typed; the output is what the procedures take.
 */
import type { Path } from "react-hook-form";
import { z } from "zod";
import { isAccentColor } from "@/shared/accent-color";
import { INTEGRATIONS, type Integration } from "@/components/clients/integration-labels";
import type { Client } from "@/components/clients/types";

const MAX_INT = 2_147_483_647;
const WHOLE = /^\d*$/;

const optionalCount = z
  .string()
  .trim()
  .regex(WHOLE, "Enter a whole number, or leave it empty for no limit.")
  .refine((v) => v === "" || Number(v) <= MAX_INT, "That number is too large.")
  .transform((v) => (v === "" ? null : Number(v)));

const responseTokens = z
  .string()
  .trim()
  .regex(WHOLE, "Enter a whole number, or leave it empty for no limit.")
  .refine((v) => v === "" || (Number(v) >= 50 && Number(v) <= 10_000), "Enter a number from 50 to 10,000, or leave it empty for no limit.")
  .transform((v) => (v === "" ? null : Number(v)));

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

export const clientFieldsSchema = z.object({
  name: z.string().trim().min(1, "Enter the client's name.").max(255, "Use at most 255 characters."),
  external_reference: z
    .string()
    .trim()
    .max(255, "Use at most 255 characters.")
    .transform((v) => (v === "" ? null : v)),
  message_limit: optionalCount,
  source_limit: optionalCount,
  chatbot_limit: optionalCount,
  response_token_limit: responseTokens,
  byok_enabled: z.boolean(),
  integrations_mode: z.enum(["plan", "custom"]),
  enabled_integrations: z.array(z.enum(INTEGRATIONS)),
});

export const agentFieldsSchema = z.object({
  name: z.string().trim().max(255, "Use at most 255 characters."),
  website_url: z
    .string()
    .trim()
    .max(2048, "Use at most 2,048 characters.")
    .refine((v) => v === "" || isHttpUrl(v), "Enter a full http(s) address, e.g. https://example.com."),
  accent_color: z
    .string()
    .trim()
    .refine((v) => v === "" || isAccentColor(v), "Use a hex color (#4f46e5) or a CSS gradient, or leave it empty."),
});

export const newAgentSchema = agentFieldsSchema.extend({ name: z.string().trim().min(1, "Enter the agent's name.").max(255, "Use at most 255 characters.") });

export const ROLES = ["admin", "editor", "member"] as const;
export const ROLE_LABELS: Record<(typeof ROLES)[number], string> = {
  admin: "Admin — manages the workspace and its members",
  editor: "Editor — edits chatbots and sees contacts",
  member: "Member — reads conversations and analytics",
};

export const inviteSchema = z.object({
  email: z.email("Enter a valid email address.").max(255, "Use at most 255 characters."),
  role: z.enum(ROLES),
});

export const createClientSchema = clientFieldsSchema
  .extend({
    chatbot: agentFieldsSchema,
    invite_email: z.union([z.literal(""), z.email("Enter a valid email address.").max(255, "Use at most 255 characters.")]),
    invite_role: z.enum(ROLES),
  })
  .superRefine((value, ctx) => {
    const { name, website_url, accent_color } = value.chatbot;
    if (!name && (website_url || accent_color)) {
      ctx.addIssue({ code: "custom", path: ["chatbot", "name"], message: "Give the agent a name, or clear its other fields." });
    }
  });

export type ClientFieldsInput = z.input<typeof clientFieldsSchema>;
export type CreateClientInput = z.input<typeof createClientSchema>;
export type CreateClientOutput = z.output<typeof createClientSchema>;

/** The client fields, as the server names them in its field errors: both forms show those errors on the field. */
export const CLIENT_FIELD_PATHS: readonly Path<ClientFieldsInput>[] = [
  "name",
  "external_reference",
  "message_limit",
  "source_limit",
  "chatbot_limit",
  "response_token_limit",
  "byok_enabled",
  "enabled_integrations",
];

export const emptyClientFields: ClientFieldsInput = {
  name: "",
  external_reference: "",
  message_limit: "",
  source_limit: "",
  chatbot_limit: "",
  response_token_limit: "",
  byok_enabled: false,
  integrations_mode: "plan",
  enabled_integrations: [],
};

export const emptyCreateClient: CreateClientInput = {
  ...emptyClientFields,
  chatbot: { name: "", website_url: "", accent_color: "" },
  invite_email: "",
  invite_role: "admin",
};

/** The procedure's `enabled_integrations`: null = everything the plan includes. */
export function integrationsValue(mode: "plan" | "custom", selected: readonly Integration[]): Integration[] | null {
  return mode === "plan" ? null : [...selected];
}

/** `agencyClients.create` input: unset optional fields are left out. */
export function toCreateInput(v: CreateClientOutput) {
  const integrations = integrationsValue(v.integrations_mode, v.enabled_integrations);
  return {
    name: v.name,
    ...(v.external_reference !== null ? { external_reference: v.external_reference } : {}),
    ...(v.message_limit !== null ? { message_limit: v.message_limit } : {}),
    ...(v.source_limit !== null ? { source_limit: v.source_limit } : {}),
    ...(v.chatbot_limit !== null ? { chatbot_limit: v.chatbot_limit } : {}),
    ...(v.response_token_limit !== null ? { response_token_limit: v.response_token_limit } : {}),
    byok_enabled: v.byok_enabled,
    ...(integrations !== null ? { enabled_integrations: integrations } : {}),
    ...(v.chatbot.name
      ? {
          chatbot: {
            name: v.chatbot.name,
            ...(v.chatbot.website_url ? { website_url: v.chatbot.website_url } : {}),
            ...(v.chatbot.accent_color ? { accent_color: v.chatbot.accent_color } : {}),
          },
        }
      : {}),
    ...(v.invite_email ? { invite_email: v.invite_email, invite_role: v.invite_role } : {}),
  };
}

/** The limits editor's starting values for a client. */
export function fieldsFromClient(client: Client, included: readonly string[]): ClientFieldsInput {
  const current = [...client.enabled_integrations].sort();
  const plan = INTEGRATIONS.filter((i) => included.includes(i));
  const isPlan = current.length === plan.length && plan.every((i) => current.includes(i));
  const text = (n: number | null) => (n === null ? "" : String(n));
  return {
    name: client.name,
    external_reference: client.external_reference ?? "",
    message_limit: text(client.limits.messages),
    source_limit: text(client.limits.sources),
    chatbot_limit: text(client.limits.chatbots),
    response_token_limit: text(client.limits.response_tokens),
    byok_enabled: client.byok_enabled,
    integrations_mode: isPlan ? "plan" : "custom",
    enabled_integrations: INTEGRATIONS.filter((i) => current.includes(i)),
  };
}

/** `agencyClients.update` input: every editable field, null clearing a limit. */
export function toUpdateInput(clientId: string, v: z.output<typeof clientFieldsSchema>) {
  return {
    client_id: clientId,
    name: v.name,
    external_reference: v.external_reference,
    message_limit: v.message_limit,
    source_limit: v.source_limit,
    chatbot_limit: v.chatbot_limit,
    response_token_limit: v.response_token_limit,
    byok_enabled: v.byok_enabled,
    enabled_integrations: integrationsValue(v.integrations_mode, v.enabled_integrations),
  };
}
