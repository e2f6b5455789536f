import { channelEventRoute, channelVerificationRoute } from "@/server/transport/channel-events";

export const dynamic = "force-dynamic";
/** A messaging provider's deliveries (Telegram updates, WhatsApp webhooks, Slack events) and WhatsApp's handshake (transport/channel-events.ts). */
export const POST = channelEventRoute();
export const GET = channelVerificationRoute();
