import { describe, expect, it } from "vitest";
import { canViewContacts } from "@/server/domain/permissions";

describe("canViewContacts", () => {
  it("lets the agency owner, admins and editors see contacts, not members", () => {
    expect(canViewContacts("owner")).toBe(true);
    expect(canViewContacts("admin")).toBe(true);
    expect(canViewContacts("editor")).toBe(true);
    expect(canViewContacts("member")).toBe(false);
  });
});
