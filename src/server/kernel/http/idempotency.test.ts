import { describe, expect, it } from "vitest";
import { canonicalJson, requestFingerprint, validateKey } from "./idempotency";

describe("request fingerprints", () => {
  it("ignore key order and whitespace, not values", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}');
    const a = requestFingerprint("POST", "/v1/agency/clients", { name: "Acme", message_limit: 100 });
    expect(requestFingerprint("post", "/v1/agency/clients", { message_limit: 100, name: "Acme" })).toBe(a);
    expect(requestFingerprint("POST", "/v1/agency/clients", { name: "Acme", message_limit: 101 })).not.toBe(a);
    expect(requestFingerprint("POST", "/v1/agency/clients/x/topups", { name: "Acme", message_limit: 100 })).not.toBe(a);
  });

  it("treat a missing body like an empty one", () => {
    expect(requestFingerprint("POST", "/p", undefined)).toBe(requestFingerprint("POST", "/p", {}));
  });
});

describe("Idempotency-Key header", () => {
  it("accepts 1 to 255 characters", () => {
    expect(validateKey(null)).toBeNull();
    expect(validateKey(" abc ")).toBe("abc");
    expect(() => validateKey("")).toThrow(/1 to 255/);
    expect(() => validateKey("x".repeat(256))).toThrow(/1 to 255/);
  });
});
