import { describe, expect, it } from "vitest";
import { contactsCsv } from "./contacts-csv";

describe("contactsCsv", () => {
  it("quotes commas and quotes, and defuses spreadsheet formulas", () => {
    const csv = contactsCsv([{ first_name: 'Ann "A"', last_name: "Lee, Jr", email: "=cmd()", phone: null, created_at: "2026-11-23T10:00:00.000000Z", conversation_id: null }]);
    expect(csv).toBe('first_name,last_name,email,phone,created_at,conversation_id\r\n"Ann ""A""","Lee, Jr",\'=cmd(),,2026-11-23T10:00:00.000000Z,\r\n');
  });
});
