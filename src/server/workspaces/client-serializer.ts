import { z } from "zod";
import type { Team } from "@/generated/prisma/client";
import { INTEGRATIONS, INTEGRATIONS_DESCRIPTION } from "@/server/workspaces/integrations";
import { messagesRemaining } from "@/server/workspaces/credit-rules";
import { isoOffset, isoOffsetOrNull } from "@/server/kernel/lib/timestamps";
import { SOURCE_LIMIT_COUNTS } from "@/shared/source-limit";

/** Data retention (docs/decisions/124-retention-and-a-persons-data.md), as the Client resource describes it. */
const RETENTION_DESCRIPTION =
  "Days the workspace keeps conversations, messages, visitors and contacts (purged nightly); null: the agency's default (kept when it has none). At least 1, at most the agency's maximum.";

/** Client workspace (contract "Client workspace"), `+00:00` timestamps, with its documented variants. */
const nullableInt = z.number().int().nullable();

const fullClientSchema = z.object({
  id: z.string(),
  name: z.string(),
  external_reference: z.string().nullable(),
  status: z.enum(["active", "paused", "suspended"]),
  pause_mode: z.enum(["hard", "soft"]).nullable(),
  paused_at: z.string().nullable(),
  byok_enabled: z.boolean(),
  enabled_integrations: z.array(z.enum(INTEGRATIONS)).meta({ description: INTEGRATIONS_DESCRIPTION }),
  limits: z.object({ chatbots: nullableInt, sources: nullableInt, messages: nullableInt, response_tokens: nullableInt }),
  usage: z.object({
    chatbots: z.number().int(),
    sources: z.number().int().meta({ description: `What the source limit counts: ${SOURCE_LIMIT_COUNTS}.` }),
    messages: z.number().int(),
  }),
  messages_remaining: z.number().int(),
  topup_credits_remaining: z.number().int(),
  credits_exhausted_at: z.string().nullable(),
  credits_reset_at: z.string().nullable(),
  created_at: z.string(),
  data_retention_days: nullableInt.meta({ description: RETENTION_DESCRIPTION }),
});

export const clientSchema = fullClientSchema.meta({ id: "Client" });
/** Top-up responses: with `byok_enabled`, without `enabled_integrations`. */
export const clientTopupSchema = fullClientSchema.omit({ enabled_integrations: true, data_retention_days: true }).meta({ id: "ClientAfterTopup" });
/** Pause, suspend and resume responses. */
export const clientStatusSchema = fullClientSchema
  .omit({ byok_enabled: true, enabled_integrations: true, topup_credits_remaining: true, credits_exhausted_at: true, data_retention_days: true })
  .meta({ id: "ClientStatus" });

export type ClientJson = z.infer<typeof fullClientSchema>;

export interface ClientUsage {
  chatbots: number;
  sources: number;
}

type AgencyPoolRow = Pick<Team, "monthlyMessagePool" | "poolMessagesUsed">;

/** The columns the Client resource is made of. */
export type ClientRow = Pick<
  Team,
  | "id"
  | "name"
  | "externalReference"
  | "status"
  | "pauseMode"
  | "pausedAt"
  | "byokEnabled"
  | "enabledIntegrations"
  | "chatbotLimit"
  | "sourceLimit"
  | "messageLimit"
  | "responseTokenLimit"
  | "messagesUsed"
  | "topupCredits"
  | "overflowDebt"
  | "creditsExhaustedAt"
  | "creditsResetAt"
  | "createdAt"
  | "dataRetentionDays"
>;

export function serializeClient(team: ClientRow, agency: AgencyPoolRow | null, usage: ClientUsage): ClientJson {
  return {
    id: team.id,
    name: team.name,
    external_reference: team.externalReference,
    status: team.status,
    pause_mode: team.pauseMode,
    paused_at: isoOffsetOrNull(team.pausedAt),
    byok_enabled: team.byokEnabled,
    enabled_integrations: team.enabledIntegrations as ClientJson["enabled_integrations"],
    limits: {
      chatbots: team.chatbotLimit,
      sources: team.sourceLimit,
      messages: team.messageLimit,
      response_tokens: team.responseTokenLimit,
    },
    usage: { chatbots: usage.chatbots, sources: usage.sources, messages: team.messagesUsed },
    messages_remaining: messagesRemaining(team, agency),
    topup_credits_remaining: team.topupCredits,
    credits_exhausted_at: isoOffsetOrNull(team.creditsExhaustedAt),
    credits_reset_at: isoOffsetOrNull(team.creditsResetAt),
    created_at: isoOffset(team.createdAt),
    data_retention_days: team.dataRetentionDays,
  };
}

export function topupVariant(client: ClientJson): z.infer<typeof clientTopupSchema> {
  const { enabled_integrations: _omit, data_retention_days: _r, ...rest } = client;
  return rest;
}

export function statusVariant(client: ClientJson): z.infer<typeof clientStatusSchema> {
  const { byok_enabled: _b, enabled_integrations: _e, topup_credits_remaining: _t, credits_exhausted_at: _c, data_retention_days: _r, ...rest } = client;
  return rest;
}
