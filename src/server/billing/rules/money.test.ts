import { describe, expect, it } from "vitest";
import { z } from "zod";
import { amountField, currencyField, formatMoney, isCurrency, minorDigits } from "./money";
import { marginPercent, messageCost, monthlyAmount } from "./margin";

describe("money", () => {
  it("knows ISO 4217 currencies and their minor units", () => {
    expect(isCurrency("usd")).toBe(true);
    expect(isCurrency("EUR")).toBe(true);
    expect(isCurrency("xau")).toBe(false);
    expect(isCurrency("abc")).toBe(false);
    expect(minorDigits("jpy")).toBe(0);
    expect(formatMoney(4900, "usd")).toBe("49.00 USD");
    expect(formatMoney(4900, "jpy")).toBe("4,900 JPY");
  });
  it("refuses negative, fractional and missing amounts, naming the field", () => {
    const schema = z.object({ amount: amountField("amount") });
    const message = (input: unknown) => (schema.safeParse(input).error?.issues[0]?.message ?? "ok");
    expect(message({ amount: 4900 })).toBe("ok");
    expect(message({ amount: -1 })).toMatch(/amount field must not be negative/);
    expect(message({ amount: 49.5 })).toMatch(/amount field must be a whole number/);
    expect(message({})).toMatch(/amount field is required/);
    expect(currencyField.safeParse("USD").data).toBe("usd");
    expect(currencyField.safeParse("usx").success).toBe(false);
  });
  it("computes MRR, cost and margin in minor units", () => {
    expect(monthlyAmount(12000, "year")).toBe(1000);
    expect(monthlyAmount(4900, "month")).toBe(4900);
    expect(messageCost(1234, 200)).toBe(247);
    expect(marginPercent(10000, 2500)).toBe(75);
    expect(marginPercent(0, 10)).toBeNull();
  });
});

describe("parseMoney", () => {
  it("reads what people type into minor units", async () => {
    const { parseMoney } = await import("./money");
    expect(parseMoney("49", "usd")).toBe(4900);
    expect(parseMoney("49.5", "usd")).toBe(4950);
    expect(parseMoney("0,99", "eur")).toBe(99);
    expect(parseMoney("4900", "jpy")).toBe(4900);
    expect(parseMoney("49.999", "usd")).toBeNull();
    expect(parseMoney("-1", "usd")).toBeNull();
    expect(parseMoney("1.5", "jpy")).toBeNull();
  });
});
