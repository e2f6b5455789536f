import { toAppError } from "@/server/kernel/errors";
import { errorResponse } from "@/server/kernel/http/json-response";

/**
 * Server-sent events for streamed answers: `event: delta` frames
 * `{"content": "…"}` as the text becomes final, then `event: done` with the
 * same JSON a non-streaming call returns. An error before the first frame is
 * an ordinary JSON error response with its status; after it, an
 * `event: error` frame `{"message"}` ends the stream.
 */
export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
  Connection: "keep-alive",
};

export interface StreamOutcome {
  body: unknown;
  /** A replayed idempotent request: no deltas ran, its stored answer goes out as one delta and `done`. */
  replayed?: boolean;
}

export async function sseResponse(run: (onDelta: (content: string) => void) => Promise<StreamOutcome>, headers: Record<string, string> = {}): Promise<Response> {
  const encoder = new TextEncoder();
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const send = (event: string, data: unknown) => void writer.write(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)).catch(() => undefined);

  let started = false;
  let markStarted!: () => void;
  const firstFrame = new Promise<void>((resolve) => (markStarted = resolve));
  const onDelta = (content: string) => {
    if (!content) return;
    started = true;
    markStarted();
    send("delta", { content });
  };
  const outcome = run(onDelta).then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  await Promise.race([firstFrame, outcome]);
  const extra: Record<string, string> = {};
  if (!started) {
    const settled = await outcome;
    if (!settled.ok) return errorResponse(toAppError(settled.error));
    if (settled.value.replayed) {
      extra["Idempotent-Replayed"] = "true";
      const content = (settled.value.body as { message?: { content?: string } }).message?.content;
      if (content) send("delta", { content });
    }
  }
  void outcome.then((settled) => {
    if (settled.ok) send("done", settled.value.body);
    else {
      const app = toAppError(settled.error);
      if (app.code === "INTERNAL") console.error("[sse] stream failed:", settled.error);
      send("error", app.body());
    }
    return writer.close().catch(() => undefined);
  });
  return new Response(readable, { status: 200, headers: { ...SSE_HEADERS, ...headers, ...extra } });
}
