import { describe, expect, it } from "vitest";
import { clientIp, forwardedClient, PEER_ADDRESS_HEADER, requestHost } from "./peer-address";

const headers = (h: Record<string, string>) => new Headers(h);

describe("clientIp", () => {
  it("without a trusted proxy: the peer address serve.ts passes on, never X-Forwarded-For or X-Real-IP", () => {
    const h = headers({ [PEER_ADDRESS_HEADER]: "127.0.0.1", "x-forwarded-for": "81.2.69.160", "x-real-ip": "81.2.69.161" });
    expect(clientIp(h, 0)).toBe("127.0.0.1");
    expect(clientIp(headers({ "x-forwarded-for": "81.2.69.160" }), 0)).toBeNull();
  });

  it("behind one trusted proxy: the hop that proxy appended (right-most), never the client's own claim", () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; the balancer appended the address it saw.
    expect(clientIp(headers({ [PEER_ADDRESS_HEADER]: "10.0.0.2", "x-forwarded-for": "6.6.6.6, 81.2.69.160" }), 1)).toBe("81.2.69.160");
    expect(clientIp(headers({ [PEER_ADDRESS_HEADER]: "10.0.0.2", "x-forwarded-for": "81.2.69.160" }), 1)).toBe("81.2.69.160");
    expect(clientIp(headers({ [PEER_ADDRESS_HEADER]: "10.0.0.2", "x-real-ip": "81.2.69.161" }), 1)).toBe("81.2.69.161");
    expect(clientIp(headers({ [PEER_ADDRESS_HEADER]: "10.0.0.2" }), 1)).toBe("10.0.0.2");
  });

  it("behind two trusted proxies (CDN then balancer): the second entry from the right", () => {
    expect(clientIp(headers({ "x-forwarded-for": "6.6.6.6, 81.2.69.160, 172.16.0.9" }), 2)).toBe("81.2.69.160");
  });

  it("reads TRUST_PROXY from the environment by default (off)", () => {
    expect(clientIp(headers({ [PEER_ADDRESS_HEADER]: "127.0.0.1", "x-forwarded-for": "81.2.69.160" }))).toBe("127.0.0.1");
  });
});

describe("forwardedClient", () => {
  it("takes the entry the outermost trusted proxy wrote; fewer entries than hops: the left-most", () => {
    expect(forwardedClient("a, b, c", 1)).toBe("c");
    expect(forwardedClient("a, b, c", 3)).toBe("a");
    expect(forwardedClient("a", 4)).toBe("a");
    expect(forwardedClient(" , ", 1)).toBeNull();
    expect(forwardedClient("a", 0)).toBeNull();
  });
});

describe("requestHost", () => {
  it("ignores X-Forwarded-Host unless a proxy is trusted", () => {
    const h = headers({ host: "app.example.com", "x-forwarded-host": "evil.example" });
    expect(requestHost(h, 0)).toBe("app.example.com");
    expect(requestHost(h, 1)).toBe("evil.example");
  });
});
