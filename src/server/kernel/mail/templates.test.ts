import { describe, expect, it } from "vitest";
import { PLATFORM_BRAND } from "@/server/kernel/brand";
import { lowCreditMail } from "./templates";

describe("e-mail templates", () => {
  it("write numbers with thousands separators", () => {
    const mail = lowCreditMail(PLATFORM_BRAND, { to: "o@x.test", clientName: "Acme", remaining: 12345, threshold: 20000, clientUrl: "http://x.test/c" });
    expect(mail.text).toContain("Acme has 12,345 message credits left, at or below the alert threshold of 20,000.");
  });
});
