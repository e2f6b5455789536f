/* eslint-disable @typescript-eslint/no-explicit-any -- frames' data are checked field by field by the tests */

/** One server-sent event: its name, its JSON data, and its id when it has one. */
export interface SseFrame {
  id?: string;
  event: string;
  data: any;
}

function parseFrame(raw: string): SseFrame | null {
  const frame: Partial<SseFrame> = {};
  for (const line of raw.split("\n")) {
    if (line.startsWith("id: ")) frame.id = line.slice(4);
    if (line.startsWith("event: ")) frame.event = line.slice(7);
    if (line.startsWith("data: ")) frame.data = JSON.parse(line.slice(6));
  }
  return frame.event ? (frame as SseFrame) : null;
}

/** The frames of a whole text/event-stream body (a chat answer's delta … done). */
export function sseFrames(text: string): SseFrame[] {
  return text
    .split("\n\n")
    .map(parseFrame)
    .filter((f): f is SseFrame => f !== null);
}

/** Reads a live event stream's frames into `frames` as they arrive, until the body ends or `signal` aborts it. */
export function collectSseFrames(res: Response): SseFrame[] {
  const frames: SseFrame[] = [];
  if (!res.ok || !res.body) return frames;
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const frame = parseFrame(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (frame) frames.push(frame);
        }
      }
    } catch {
      // aborted
    }
  })();
  return frames;
}
