import { describe, expect, it } from "vitest";
import { readSseEvents, SseParser } from "./sse";

describe("SseParser", () => {
  it("parses the chat stream's delta and done frames", () => {
    const p = new SseParser();
    const events = p.push('event: delta\ndata: {"content":"Hel"}\n\nevent: delta\ndata: {"content":"lo"}\n\nevent: done\ndata: {"conversation_id":"c"}\n\n');
    expect(events).toEqual([
      { event: "delta", data: '{"content":"Hel"}' },
      { event: "delta", data: '{"content":"lo"}' },
      { event: "done", data: '{"conversation_id":"c"}' },
    ]);
  });
  it("keeps a frame split across chunks until it is complete", () => {
    const p = new SseParser();
    expect(p.push("event: del")).toEqual([]);
    expect(p.push('ta\ndata: {"content":"a"}\n')).toEqual([]);
    expect(p.push("\n")).toEqual([{ event: "delta", data: '{"content":"a"}' }]);
  });
  it("accepts CRLF, comments, a missing space and multi-line data", () => {
    const p = new SseParser();
    expect(p.push(": keep-alive\r\n\r\nevent:done\r\ndata:line1\r\ndata: line2\r\n\r\n")).toEqual([{ event: "done", data: "line1\nline2" }]);
  });
  it("names an event without an event line 'message' and drops events without data", () => {
    const p = new SseParser();
    expect(p.push("data: x\n\nevent: ping\n\n")).toEqual([{ event: "message", data: "x" }]);
  });
  it("keeps a frame's own id (a live stream's message id)", () => {
    const p = new SseParser();
    expect(p.push('retry: 1000\n\nid: m1\nevent: message\ndata: {"id":"m1"}\n\nevent: status\ndata: {}\n\n')).toEqual([
      { event: "message", data: '{"id":"m1"}', id: "m1" },
      { event: "status", data: "{}", id: undefined },
    ]);
  });
});

describe("readSseEvents", () => {
  it("yields a fetch body's events as its bytes arrive, a character split across chunks included", async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"content":"\u00e9t\u00e9"}\n\nevent: done\ndata: {}\n\n');
    const body = new ReadableStream<BufferSource>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.slice(i, i + 7));
        controller.close();
      },
    });
    const events = [];
    for await (const event of readSseEvents(body)) events.push(event);
    expect(events).toEqual([
      { event: "delta", data: '{"content":"\u00e9t\u00e9"}' },
      { event: "done", data: "{}" },
    ]);
  });
});
