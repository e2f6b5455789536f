import { widgetChat } from "@/server/transport/widget-chat";
import { widgetPreflight } from "@/server/transport/widget-api";

export const dynamic = "force-dynamic";

/** A visitor's question from the widget or the share page (transport/widget-chat.ts). */
export const POST = widgetChat;
export const OPTIONS = widgetPreflight("POST");
