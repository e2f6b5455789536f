/**
 * The one server-sent-events parser — of the panel, the dashboard's playground, the tests and the benches
 * — for a `fetch` body (EventSource cannot POST): feed it decoded text as it arrives, get whole events
 * back. Handles frames split across chunks, CRLF line ends, multi-line `data:` and comments.
 */
export interface SseEvent {
  event: string;
  data: string;
  /** The frame's own `id:` line, when it has one (a live stream's message id). */
  id?: string;
}

export class SseParser {
  private buffer = "";

  push(text: string): SseEvent[] {
    this.buffer += text.replace(/\r\n?/g, "\n");
    const events: SseEvent[] = [];
    let end: number;
    while ((end = this.buffer.indexOf("\n\n")) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const parsed = parseBlock(block);
      if (parsed) events.push(parsed);
    }
    return events;
  }
}

function parseBlock(block: string): SseEvent | null {
  let event = "message";
  let id: string | undefined;
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
    else if (field === "id") id = value;
  }
  return data.length ? { event, data: data.join("\n"), id } : null;
}

export type AnswerStreamEnd<T> = { kind: "done"; data: T } | { kind: "error"; message: string } | { kind: "ended" };

/** The events of a `fetch` body, as they arrive (until the body ends or its request is aborted: then it throws). */
export async function* readSseEvents(body: ReadableStream<BufferSource>): AsyncGenerator<SseEvent> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new SseParser();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    yield* parser.push(value);
  }
}

/**
 * Reads a chat answer stream (`event: delta` frames, then `done` with the
 * answer, or `error` with `{message}`) — the one reader of the dashboard's
 * playground and the visitor's widget. Deltas go to `onDelta` as they come.
 */
export async function readAnswerStream<T>(body: ReadableStream<BufferSource>, onDelta: (content: string) => void): Promise<AnswerStreamEnd<T>> {
  for await (const event of readSseEvents(body)) {
    const data = JSON.parse(event.data) as Record<string, unknown>;
    if (event.event === "delta" && typeof data.content === "string") onDelta(data.content);
    else if (event.event === "done") return { kind: "done", data: data as T };
    else if (event.event === "error") return { kind: "error", message: typeof data.message === "string" ? data.message : "The answer was interrupted." };
  }
  return { kind: "ended" };
}
