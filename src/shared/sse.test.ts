import { describe, expect, it } from "vitest";
import { SseParser } from "./sse";

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
});
