import { describe, expect, it } from "vitest";
import { acceptsJson, isJsonContentType, readJsonBody, readMultipartBody } from "./bodies";

describe("acceptsJson", () => {
  it.each([
    [null, true],
    ["", true],
    ["application/json", true],
    ["*/*", true],
    ["application/*", true],
    ["text/html, application/json;q=0.9", true],
    ["application/problem+json", true],
    ["text/html", false],
    ["application/xml", false],
    ["application/json;q=0", false],
  ])("Accept %j → %s", (accept, expected) => {
    expect(acceptsJson(accept)).toBe(expected);
  });
});

describe("isJsonContentType", () => {
  it.each([
    ["application/json", true],
    ["application/json; charset=utf-8", true],
    ["Application/JSON", true],
    ["application/merge-patch+json", true],
    ["text/plain", false],
    ["application/x-www-form-urlencoded", false],
    [null, false],
  ])("Content-Type %j → %s", (ct, expected) => {
    expect(isJsonContentType(ct)).toBe(expected);
  });
});

describe("readJsonBody", () => {
  const request = (body: string | undefined, contentType?: string) =>
    new Request("http://x/v1/agency/clients", { method: "POST", body, headers: contentType ? { "Content-Type": contentType } : {} });

  it("parses a JSON object and treats an empty body as {}", async () => {
    expect(await readJsonBody(request('{"name":"Acme"}', "application/json"))).toEqual({ name: "Acme" });
    expect(await readJsonBody(request(undefined))).toEqual({});
    expect(await readJsonBody(request("  ", "text/plain"))).toEqual({});
  });

  it("answers 415 for a body that is not JSON", async () => {
    await expect(readJsonBody(request("name=Acme", "application/x-www-form-urlencoded"))).rejects.toMatchObject({ status: 415 });
    await expect(readJsonBody(request('{"name":"Acme"}'))).rejects.toMatchObject({ status: 415 });
  });

  it("answers 400 for malformed JSON", async () => {
    await expect(readJsonBody(request('{"name":', "application/json"))).rejects.toMatchObject({
      status: 400,
      message: "The request body is not valid JSON.",
    });
  });

  it("answers 422 naming the body when it is not an object", async () => {
    await expect(readJsonBody(request("[1,2]", "application/json"))).rejects.toMatchObject({ status: 422, errors: { body: expect.any(Array) } });
    await expect(readJsonBody(request('"x"', "application/json"))).rejects.toMatchObject({ status: 422 });
  });
});

describe("readMultipartBody", () => {
  const spec = { files: ["file"], maxBytes: 1024 };
  const formRequest = (form: FormData) => new Request("http://x/", { method: "POST", body: form });

  it("hands file parts over as {name, type, data} and text fields as strings", async () => {
    const form = new FormData();
    form.append("file", new Blob(["hello"], { type: "text/plain" }), "a.txt");
    form.append("note", "hi");
    form.append("other", new Blob(["ignored"]), "b.txt");
    const body = await readMultipartBody(formRequest(form), spec);
    expect(body).toEqual({ file: { name: "a.txt", type: "text/plain", data: new Uint8Array(Buffer.from("hello")) }, note: "hi" });
  });

  it("reads a body that arrives in many small chunks without a Content-Length", async () => {
    const form = new FormData();
    form.append("file", new Blob(["x".repeat(1000)], { type: "text/plain" }), "a.txt");
    const encoded = new Response(form);
    const type = encoded.headers.get("content-type")!;
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.slice(i, i + 7));
        controller.close();
      },
    });
    const req = new Request("http://x/", { method: "POST", body, headers: { "content-type": type }, duplex: "half" } as RequestInit);
    const out = await readMultipartBody(req, spec);
    expect((out.file as { data: Uint8Array }).data).toEqual(new Uint8Array(Buffer.from("x".repeat(1000))));
  });

  it("400 for broken framing or a missing boundary, 422 for a file field sent twice", async () => {
    const raw = (body: string, type = "multipart/form-data; boundary=XX") => new Request("http://x/", { method: "POST", body, headers: { "content-type": type } });
    const part = (name: string, content: string) => `--XX\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.txt"\r\nContent-Type: text/plain\r\n\r\n${content}\r\n`;
    await expect(readMultipartBody(raw(part("file", "no end")), spec)).rejects.toMatchObject({ status: 400 });
    await expect(readMultipartBody(raw("", "multipart/form-data; charset=utf-8"), spec)).rejects.toMatchObject({ status: 400 });
    await expect(readMultipartBody(raw(part("file", "a") + part("file", "b") + "--XX--\r\n"), spec)).rejects.toMatchObject({ status: 422, errors: { file: expect.any(Array) } });
    expect(await readMultipartBody(raw(part("file", "a") + "--XX--\r\n"), spec)).toMatchObject({ file: { name: "file.txt", type: "text/plain" } });
  });

  it("415 for other content types, 413 past the bound", async () => {
    await expect(readMultipartBody(new Request("http://x/", { method: "POST", body: "{}", headers: { "content-type": "application/json" } }), spec)).rejects.toMatchObject({ status: 415 });
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(2 * 1024 * 1024)]), "big.bin");
    await expect(readMultipartBody(formRequest(form), spec)).rejects.toMatchObject({ status: 413, headers: { Connection: "close" } });
    const justOver = new FormData();
    justOver.append("file", new Blob([new Uint8Array(spec.maxBytes + 1)]), "a.bin");
    await expect(readMultipartBody(formRequest(justOver), spec)).rejects.toMatchObject({ status: 413, errors: { file: expect.any(Array) } });
    const exactly = new FormData();
    exactly.append("file", new Blob([new Uint8Array(spec.maxBytes)]), "a.bin");
    expect(((await readMultipartBody(formRequest(exactly), spec)).file as { data: Uint8Array }).data.byteLength).toBe(spec.maxBytes);
  });
});
