import { getDb } from "@/server/kernel/db/client";
import { jsonResponse, widgetHandler, widgetPreflight } from "@/server/transport/widget-api";
import { widgetConfig } from "@/server/chatbots";

export const dynamic = "force-dynamic";

/** What the loader and the panel draw; cached only seconds so a pause or a resume shows almost at once. */
export const GET = widgetHandler(async ({ chatbot, cors }) =>
  jsonResponse(200, await widgetConfig(getDb(), chatbot), { ...cors, "Cache-Control": "public, max-age=5" }),
);
export const OPTIONS = widgetPreflight("GET");
