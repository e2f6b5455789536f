import { visitorStream } from "@/server/transport/visitor-stream";
import { widgetPreflight } from "@/server/transport/widget-api";

export const dynamic = "force-dynamic";

/** The visitor's live stream (transport/visitor-stream.ts); `npm start` answers GET in scripts/serve.ts ahead of Next. */
export const GET = visitorStream;
export const OPTIONS = widgetPreflight("GET");
