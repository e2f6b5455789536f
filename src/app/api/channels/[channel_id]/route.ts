import { channelEventRoute } from "@/server/transport/channel-events";

export const dynamic = "force-dynamic";
/** A messaging provider's deliveries (Telegram updates; transport/channel-events.ts). */
export const POST = channelEventRoute();
