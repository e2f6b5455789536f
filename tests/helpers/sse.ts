/* eslint-disable @typescript-eslint/no-explicit-any -- frames' data are checked field by field by the tests */
import { readSseEvents, SseParser, type SseEvent } from "@/shared/sse";

/** One server-sent event: its name, its JSON data, and its id when it has one. */
export interface SseFrame {
  id?: string;
  event: string;
  data: any;
}

/** Every frame our server sends carries JSON. */
const frameOf = (e: SseEvent): SseFrame => ({ event: e.event, data: JSON.parse(e.data), id: e.id });

/** The frames of a whole text/event-stream body (a chat answer's delta … done). */
export function sseFrames(text: string): SseFrame[] {
  return new SseParser().push(text).map(frameOf);
}

/** Reads a live event stream's frames into `frames` as they arrive, until the body ends or `signal` aborts it. */
export function collectSseFrames(res: Response): SseFrame[] {
  const frames: SseFrame[] = [];
  if (!res.ok || !res.body) return frames;
  const body = res.body;
  void (async () => {
    try {
      for await (const event of readSseEvents(body)) frames.push(frameOf(event));
    } catch {
      // aborted
    }
  })();
  return frames;
}
