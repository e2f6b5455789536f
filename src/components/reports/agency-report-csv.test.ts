import { describe, expect, it } from "vitest";
import { agencyReportCsv } from "./agency-report-csv";

describe("the agency report as CSV", () => {
  it("writes a header and one quoted, formula-safe line per client", () => {
    const csv = agencyReportCsv("2026-11", [
      { name: 'Bloom, "the" florist', status: "active", conversations: 12, answered_rate: 87.5, previous_answered_rate: 90, credits_used: 30, messages_remaining: 70, runway_days: 4.5, unanswered_clusters: 2, csat: null, flags: { answered_rate_fell: true, credits_run_out: true } },
      { name: "=HYPERLINK()", status: "paused", conversations: 0, answered_rate: 0, previous_answered_rate: 0, credits_used: 0, messages_remaining: 0, runway_days: null, unanswered_clusters: 0, csat: null, flags: { answered_rate_fell: false, credits_run_out: false } },
    ]);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("period,client,status,conversations,answered_rate,previous_answered_rate,credits_used,credits_remaining,runway_days,unanswered_clusters,csat,answered_rate_fell,credits_run_out");
    expect(lines[1]).toBe('2026-11,"Bloom, ""the"" florist",active,12,87.5,90,30,70,4.5,2,,yes,yes');
    expect(lines[2]).toBe("2026-11,'=HYPERLINK(),paused,0,0,0,0,0,,0,,no,no");
    expect(lines[3]).toBe("");
  });
});
