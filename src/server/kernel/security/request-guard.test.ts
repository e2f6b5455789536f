import { describe, expect, it } from "vitest";
import { earlyRefusal } from "./request-guard";

const r = (method: string, pathname = "/v1/me", contentLength: string | null = null) => earlyRefusal({ method, pathname, contentLength });

describe("earlyRefusal", () => {
  it.each(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "get"])("serves %s", (m) => expect(r(m)).toBeNull());

  it.each(["TRACE", "TRACK", "CONNECT", "PROPFIND", "FOO"])("refuses %s with 405 and Allow", (m) => {
    const refusal = r(m);
    expect(refusal?.status).toBe(405);
    expect(refusal?.headers?.Allow).toContain("GET");
  });

  it.each(["/v1/%", "/v1/%zz", "/v1/agency/clients/%E0%A4%A", "/%C0%AF"])("refuses invalid percent-encoding in %s (400)", (p) => {
    expect(r("GET", p)?.status).toBe(400);
  });

  it.each(["/v1/../x", "/v1/%2e%2e/prompts", "/v1/./me", "/v1/.%2E/me"])("refuses dot segments in %s (400)", (p) => {
    expect(r("GET", p)?.message).toMatch(/dot segments/);
  });

  it("admits valid encodings", () => expect(r("GET", "/v1/agency/clients/caf%C3%A9%20x")).toBeNull());

  it("refuses a declared body over 1 MB (413) and admits one at 1 MB", () => {
    expect(r("POST", "/v1/agency/clients", String(50 * 1024 * 1024))?.status).toBe(413);
    expect(r("POST", "/v1/agency/clients", String(1024 * 1024))).toBeNull();
    expect(r("POST", "/v1/agency/clients", "garbage")).toBeNull();
  });

  it("applies the path's one bound: 15 MB for uploads, 64 KB on the widget's public API", () => {
    expect(r("POST", "/v1/x/sources/files", String(10 * 1024 * 1024))).toBeNull();
    expect(r("POST", "/v1/x/sources/files", String(16 * 1024 * 1024))?.status).toBe(413);
    expect(r("POST", "/api/widget/x/chat", String(64 * 1024))).toBeNull();
    expect(r("POST", "/api/widget/x/chat", String(64 * 1024 + 1))).toMatchObject({ status: 413, message: expect.stringMatching(/64 KB/) });
  });
});
