import { describe, expect, it } from "vitest";
import { countryOf } from "./visitor";

describe("countryOf", () => {
  it("looks the address up offline, IPv4-mapped IPv6 too; loopback and nothing have no country", () => {
    expect(countryOf("81.2.69.160")?.code).toBe("GB");
    expect(countryOf("::ffff:81.2.69.160")?.code).toBe("GB");
    expect(countryOf("127.0.0.1")).toBeNull();
    expect(countryOf(null)).toBeNull();
  });
});
