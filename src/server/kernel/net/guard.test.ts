import { describe, expect, it } from "vitest";
import { BlockedAddressError, guardedLookup, isBlockedAddress, literalHostRefusal } from "@/server/kernel/net/guard";

const closed = { allowPrivate: false };
const open = { allowPrivate: true };

describe("SSRF guard", () => {
  it.each(["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "100.64.0.1", "::1", "fc00::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "169.254.169.254", "0.0.0.0", "fe80::1"])(
    "blocks %s by default",
    (ip) => expect(isBlockedAddress(ip, closed)).toBe(true),
  );

  // Every IPv6 spelling that routes to 127.0.0.1 or 10.0.0.1: IPv4-mapped, SIIT, IPv4-compatible, 6to4, NAT64 (well-known
  // and local-use prefixes), Teredo (client 127.0.0.1 stored inverted).
  it.each(["::ffff:7f00:1", "::ffff:0:7f00:1", "::127.0.0.1", "::7f00:1", "::a00:1", "2002:7f00:1::", "2002:a00:1::5", "64:ff9b::7f00:1", "64:ff9b:1::a00:1", "2001:0:4136:e378:8000:63bf:80ff:fffe"])(
    "blocks %s, an IPv6 form of a private or loopback IPv4 address, at connect and at save",
    (ip) => {
      expect(isBlockedAddress(ip, closed)).toBe(true);
      expect(literalHostRefusal(new URL(`http://[${ip}]:3945/hook`), closed)).not.toBeNull();
    },
  );

  it("blocks IPv6 forms of metadata addresses even with private networks open, and allows those of public ones", () => {
    for (const ip of ["2002:a9fe:a9fe::", "::a9fe:a9fe", "2001:0:a9fe:a9fe::1"]) expect(isBlockedAddress(ip, open)).toBe(true);
    for (const ip of ["2002:808:808::1", "2001:0:4136:e378:8000:63bf:f7f7:f7f7", "::ffff:93.184.216.34"]) expect(isBlockedAddress(ip, closed)).toBe(false);
  });

  it("allows public addresses", () => {
    expect(isBlockedAddress("93.184.216.34", closed)).toBe(false);
    expect(isBlockedAddress("2606:2800:220:1:248:1893:25c8:1946", closed)).toBe(false);
  });

  it("opens private networks on request but never metadata or link-local", () => {
    expect(isBlockedAddress("127.0.0.1", open)).toBe(false);
    expect(isBlockedAddress("10.0.0.5", open)).toBe(false);
    for (const ip of ["169.254.169.254", "::ffff:169.254.169.254", "fd00:ec2::254", "100.100.100.200", "fe80::1"]) expect(isBlockedAddress(ip, open)).toBe(true);
  });

  it("refuses literal hosts before any request", () => {
    expect(literalHostRefusal(new URL("http://localhost:3000/"), closed)).toBe("localhost");
    expect(literalHostRefusal(new URL("http://[::ffff:7f00:1]/"), closed)).not.toBeNull();
    expect(literalHostRefusal(new URL("http://metadata.google.internal/"), open)).toBe("metadata.google.internal");
    expect(literalHostRefusal(new URL("https://example.com/"), closed)).toBeNull();
  });

  it("treats a fully qualified name (trailing dot, any case) as the name itself", () => {
    expect(literalHostRefusal(new URL("http://LOCALHOST./"), closed)).toBe("localhost");
    expect(literalHostRefusal(new URL("http://api.localhost../"), closed)).toBe("api.localhost");
    expect(literalHostRefusal(new URL("http://metadata.google.internal./"), open)).toBe("metadata.google.internal");
    expect(literalHostRefusal(new URL("https://example.com./"), closed)).toBeNull();
  });

  it("checks the resolved address at connect time, without echoing it", async () => {
    const error = await new Promise<Error | null>((resolve) => guardedLookup(closed)("localhost", {}, (err) => resolve(err)));
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect(error!.message).not.toContain("127.0.0.1");
  });

  it("reuses a checked answer only within its TTL, then resolves and checks again", async () => {
    const lookupOnce = (lookup: ReturnType<typeof guardedLookup>) =>
      new Promise<Error | null>((resolve) => lookup("localhost", {}, (err) => resolve(err)));
    // The policy object is read at each check: closing it stands in for DNS now answering a forbidden address.
    const cachedPolicy = { allowPrivate: true };
    const cached = guardedLookup(cachedPolicy, 60_000);
    expect(await lookupOnce(cached)).toBeNull();
    cachedPolicy.allowPrivate = false;
    expect(await lookupOnce(cached)).toBeNull(); // the answer checked a moment ago

    const expiredPolicy = { allowPrivate: true };
    const expired = guardedLookup(expiredPolicy, 0);
    expect(await lookupOnce(expired)).toBeNull();
    expiredPolicy.allowPrivate = false;
    expect(await lookupOnce(expired)).toBeInstanceOf(BlockedAddressError);
  });
});
