import { describe, expect, it } from "vitest";
import { AppError } from "@/server/kernel/errors";
import { assertJsonDepth, assertNoNul, fieldsWithNul, MAX_BODY_BYTES, MAX_JSON_DEPTH, readBoundedText } from "./request-bounds";

function statusOf(fn: () => unknown): number | undefined {
  try {
    fn();
  } catch (error) {
    return (error as AppError).status;
  }
  return undefined;
}

async function statusOfAsync(p: Promise<unknown>): Promise<number | undefined> {
  return p.then(
    () => undefined,
    (error: AppError) => error.status,
  );
}

function streamOf(bytes: number, chunk = 64 * 1024): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const n = Math.min(chunk, bytes - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n).fill(0x20));
    },
  });
}

describe("assertJsonDepth", () => {
  it("accepts nesting up to the bound and refuses one level more (400)", () => {
    expect(statusOf(() => assertJsonDepth("[".repeat(MAX_JSON_DEPTH) + "]".repeat(MAX_JSON_DEPTH)))).toBeUndefined();
    expect(statusOf(() => assertJsonDepth("[".repeat(MAX_JSON_DEPTH + 1)))).toBe(400);
    expect(statusOf(() => assertJsonDepth('{"a":'.repeat(2000) + "1" + "}".repeat(2000)))).toBe(400);
  });

  it("does not count brackets inside strings, escaped quotes included", () => {
    const text = JSON.stringify({ name: "[".repeat(500) + '\\"{{{' });
    expect(statusOf(() => assertJsonDepth(text))).toBeUndefined();
  });
});

describe("NUL characters", () => {
  it("names each field (nested and in arrays) whose text holds a NUL", () => {
    expect(fieldsWithNul({ name: "a\u0000b", ok: "x", chatbot: { name: "\u0000" }, events: ["x", "\u0000"], n: 1 })).toEqual([
      "name",
      "chatbot.name",
      "events.1",
    ]);
  });

  it("does not walk binary data (an uploaded file's bytes), only its text fields", () => {
    const data = new Uint8Array(10_000_000); // all NUL bytes
    expect(fieldsWithNul({ file: { name: "a.txt", type: "text/plain", data } })).toEqual([]);
    expect(fieldsWithNul({ file: { name: "a\u0000.txt", type: "text/plain", data } })).toEqual(["file.name"]);
    expect(fieldsWithNul({ raw: new ArrayBuffer(8), view: new DataView(new ArrayBuffer(8)) })).toEqual([]);
  });

  it("is a 422 with errors per field", () => {
    try {
      assertNoNul({ external_reference: "ref\u0000" });
      expect.unreachable();
    } catch (error) {
      expect((error as AppError).status).toBe(422);
      expect((error as AppError).errors).toEqual({ external_reference: ["The external reference field must not contain NUL characters."] });
    }
    expect(statusOf(() => assertNoNul({ name: "fine" }))).toBeUndefined();
  });
});

describe("readBoundedText", () => {
  it("refuses a declared Content-Length over 1 MB before reading (413)", async () => {
    const req = new Request("http://x/", { method: "POST", body: "{}", headers: { "content-length": String(50 * 1024 * 1024) } });
    expect(await statusOfAsync(readBoundedText(req))).toBe(413);
  });

  it("stops reading a chunked body past 1 MB (413) and reads one at the bound", async () => {
    const over = new Request("http://x/", { method: "POST", body: streamOf(MAX_BODY_BYTES + 1), duplex: "half" } as RequestInit);
    expect(await statusOfAsync(readBoundedText(over))).toBe(413);
    const at = new Request("http://x/", { method: "POST", body: streamOf(MAX_BODY_BYTES), duplex: "half" } as RequestInit);
    expect((await readBoundedText(at)).length).toBe(MAX_BODY_BYTES);
  });

  it("refuses invalid UTF-8 as a malformed body (400)", async () => {
    const req = new Request("http://x/", { method: "POST", body: new Uint8Array([0x7b, 0xff, 0x7d]) });
    expect(await statusOfAsync(readBoundedText(req))).toBe(400);
  });
});
