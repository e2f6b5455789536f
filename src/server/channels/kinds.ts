/**
 * Which integrations are messaging channels, and what each needs to connect
 * (docs/integrations.md). Pure rules: the dashboard's form and the
 * API's validation read the same table.
 */
import { z } from "zod";
import { MICROSOFT_TEAMS, SLACK, TELEGRAM, WHATSAPP } from "@/shared/integrations";

export const CHANNEL_KINDS = [TELEGRAM, WHATSAPP, SLACK, MICROSOFT_TEAMS] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

const secret = (label: string) => z.string().trim().min(1, `The ${label} is required.`).max(500);

/** What an agency pastes from the provider's console, per kind (sealed at rest, never returned). */
export const CHANNEL_CREDENTIALS = {
  [TELEGRAM]: z.object({ bot_token: secret("bot token").regex(/^\d+:[A-Za-z0-9_-]+$/, "A Telegram bot token looks like 123456:ABC-DEF… (from @BotFather).") }),
  [WHATSAPP]: z.object({ access_token: secret("access token"), phone_number_id: secret("phone number id"), app_secret: secret("app secret") }),
  [SLACK]: z.object({ bot_token: secret("bot token"), signing_secret: secret("signing secret") }),
  [MICROSOFT_TEAMS]: z.object({
    app_id: secret("app id").regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "A Microsoft app id is a GUID like 00000000-0000-0000-0000-000000000000 (the Azure Bot's Configuration)."),
    app_password: secret("app password"),
    // Optional: a single-tenant bot's directory (tenant) id; empty means a multi-tenant bot.
    tenant_id: z.string().trim().max(100).regex(/^[A-Za-z0-9.-]*$/, "A tenant id is a GUID or a domain like contoso.onmicrosoft.com.").optional().transform((t) => t || undefined),
  }),
} as const satisfies Record<ChannelKind, z.ZodType>;

export type ChannelCredentials<K extends ChannelKind> = z.output<(typeof CHANNEL_CREDENTIALS)[K]>;

/** The form's fields per kind, in order, with their labels. */
export const CREDENTIAL_FIELDS: Record<ChannelKind, Array<{ name: string; label: string }>> = {
  [TELEGRAM]: [{ name: "bot_token", label: "Bot token (from @BotFather)" }],
  [WHATSAPP]: [
    { name: "access_token", label: "Access token" },
    { name: "phone_number_id", label: "Phone number ID" },
    { name: "app_secret", label: "App secret" },
  ],
  [SLACK]: [
    { name: "bot_token", label: "Bot token (xoxb-…)" },
    { name: "signing_secret", label: "Signing secret" },
  ],
  [MICROSOFT_TEAMS]: [
    { name: "app_id", label: "Microsoft app ID" },
    { name: "app_password", label: "App password (client secret)" },
    { name: "tenant_id", label: "Tenant ID (single-tenant bots only)" },
  ],
};

export const CHANNEL_STATUSES = ["connected", "error", "disconnected"] as const;
export type ChannelStatus = (typeof CHANNEL_STATUSES)[number];

export const isChannelKind = (kind: string): kind is ChannelKind => (CHANNEL_KINDS as readonly string[]).includes(kind);

/**
 * How a channel is named wherever it is shown — a channel conversation in the inbox's list and its view, the
 * audit log: the product, then the bot's or number's name ("Telegram @bakery_bot"); "Channel" while unknown
 * (not loaded yet, or the channel was removed since).
 */
export const channelLabel = (channel: { product: string; name: string | null } | null | undefined) =>
  channel ? `${channel.product}${channel.name ? ` ${channel.name}` : ""}` : "Channel";

/** Telegram's command that opens a chat with a bot: answered with the chatbot's welcome message, not by a turn. */
export const isTelegramStart = (text: string) => /^\/start(@\w+)?(\s|$)/.test(text.trim());
