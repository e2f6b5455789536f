import { z } from "zod";
import { isUuid } from "@/server/kernel/lib/ids";

/** `POST /api/widget/{chatbot_id}/chat` (DESIGN §10.4). */
export const widgetChatSchema = z.object({
  message: z.string().trim().min(1, "The {field} field is required.").max(4000, "The {field} field must not be greater than 4000 characters."),
  conversation_id: z.string().refine(isUuid, "The {field} field must be a valid id.").optional(),
  visitor_token: z.string().max(200).optional(),
});

export type WidgetChatInput = z.output<typeof widgetChatSchema>;

/** One server-sent event; `data` is JSON on one line, as the REST chat endpoint sends it. */
export function sseFrame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Headers of a streamed answer: never cached or compressed, so each delta leaves at once. */
export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
  Connection: "keep-alive",
} as const;
