import { describe, expect, it } from "vitest";
import { lagMs, minLsnCookie, minLsnOf, parseLsn } from "@/server/kernel/db/replicas";

describe("WAL positions", () => {
  it("compares as PostgreSQL orders them (high word first)", () => {
    expect(parseLsn("0/3000000")).toBe(0x3000000n);
    expect(parseLsn("16/B374D848")! > parseLsn("15/FFFFFFFF")!).toBe(true);
    expect(parseLsn("1/0")! > parseLsn("0/FFFFFFFF")!).toBe(true);
    for (const bad of [null, undefined, "", "16", "16/", "x/1", "1/2/3", "123456789/0"]) expect(parseLsn(bad)).toBeNull();
  });

  it("travel in the X-Min-LSN header, else the dashboard's cookie (header first)", () => {
    const cookie = minLsnCookie("16/B374D848").split(";")[0]!;
    expect(minLsnOf(new Headers({ cookie: `a=1; ${cookie}; b=2` }))).toBe("16/B374D848");
    expect(minLsnOf(new Headers({ cookie, "x-min-lsn": "17/0" }))).toBe("17/0");
    expect(minLsnOf(new Headers({ cookie: "acp_min_lsn=nonsense" }))).toBeNull();
    expect(minLsnOf(new Headers())).toBeNull();
  });
});

describe("a replica's lag", () => {
  const samples = [
    { at: 1_000, lsn: 10n },
    { at: 2_000, lsn: 20n },
    { at: 3_000, lsn: 30n },
  ];
  it("is the age of the oldest primary position it has not replayed", () => {
    expect(lagMs(samples, 5n, 4_000)).toBe(3_000);
    expect(lagMs(samples, 10n, 4_000)).toBe(2_000);
    expect(lagMs(samples, 25n, 4_000)).toBe(1_000);
  });
  it("is nothing once it has replayed the latest position (an idle primary gives no lag)", () => {
    expect(lagMs(samples, 30n, 60_000)).toBe(0);
    expect(lagMs([], 0n, 60_000)).toBe(0);
  });
});
