import { playgroundChat } from "@/server/transport/playground";

export const dynamic = "force-dynamic";

/** The dashboard playground's question, streamed (transport/playground.ts). */
export const POST = playgroundChat;
