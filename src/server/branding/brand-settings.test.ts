import { describe, expect, it } from "vitest";
import { brandSettingsInput } from "./brand-settings";

describe("brand settings", () => {
  it("treats blanks as not set and trims values", () => {
    expect(brandSettingsInput.parse({ brand_name: "  Brightside  ", brand_logo_url: "", brand_accent_color: " ", brand_support_email: "help@brightside.test" })).toEqual({
      brand_name: "Brightside",
      brand_logo_url: null,
      brand_accent_color: null,
      brand_support_email: "help@brightside.test",
    });
  });

  it("refuses a non-https logo, a color that is not hex and a bad e-mail, field by field", () => {
    const result = brandSettingsInput.safeParse({ brand_name: "x", brand_logo_url: "http://x.test/logo.png", brand_accent_color: "red", brand_support_email: "nope" });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((i) => i.path.join("."));
    expect(fields.sort()).toEqual(["brand_accent_color", "brand_logo_url", "brand_support_email"]);
  });
});
