import { describe, expect, it } from "vitest";
import { clientIp, PEER_ADDRESS_HEADER } from "./peer-address";

const headers = (h: Record<string, string>) => new Headers(h);

describe("clientIp", () => {
  it("without a trusted proxy: the peer address serve.ts passes on, never X-Forwarded-For or X-Real-IP", () => {
    const h = headers({ [PEER_ADDRESS_HEADER]: "127.0.0.1", "x-forwarded-for": "81.2.69.160", "x-real-ip": "81.2.69.161" });
    expect(clientIp(h, false)).toBe("127.0.0.1");
    expect(clientIp(headers({ "x-forwarded-for": "81.2.69.160" }), false)).toBeNull();
  });

  it("behind a trusted proxy: the first forwarded hop, else X-Real-IP, else the peer", () => {
    expect(clientIp(headers({ [PEER_ADDRESS_HEADER]: "10.0.0.2", "x-forwarded-for": "81.2.69.160, 10.0.0.1" }), true)).toBe("81.2.69.160");
    expect(clientIp(headers({ [PEER_ADDRESS_HEADER]: "10.0.0.2", "x-real-ip": "81.2.69.161" }), true)).toBe("81.2.69.161");
    expect(clientIp(headers({ [PEER_ADDRESS_HEADER]: "10.0.0.2" }), true)).toBe("10.0.0.2");
  });

  it("reads TRUST_PROXY from the environment by default (off)", () => {
    expect(clientIp(headers({ [PEER_ADDRESS_HEADER]: "127.0.0.1", "x-forwarded-for": "81.2.69.160" }))).toBe("127.0.0.1");
  });
});
