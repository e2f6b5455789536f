import { describe, expect, it } from "vitest";
import { modelOfRow, prefixedColumns, splitPrefixed } from "@/server/kernel/db/rows";

describe("modelOfRow", () => {
  it("names each column's value by the camelCase of the column, values untouched", () => {
    const at = new Date("2026-01-02T03:04:05.678Z");
    expect(modelOfRow({ id: "x", team_id: "t", top_k: 4, enable_escalations_notification: true, created_at: at, deleted_at: null })).toEqual({
      id: "x",
      teamId: "t",
      topK: 4,
      enableEscalationsNotification: true,
      createdAt: at,
      deletedAt: null,
    });
  });
});

describe("prefixedColumns and splitPrefixed", () => {
  it("names a table's columns by prefix and splits a row back into its tables", () => {
    expect(prefixedColumns("w", { id: "id", teamId: "teamId", createdAt: "createdAt" }, "webhook")).toBe(
      "w.id AS webhook__id, w.team_id AS webhook__team_id, w.created_at AS webhook__created_at",
    );
    const row = { id: "agency", name: "A", webhook__id: "w1", webhook__team_id: "agency", client__id: null, client__name: null };
    expect(splitPrefixed(row, ["webhook", "client"])).toEqual({ webhook: { id: "w1", team_id: "agency" }, client: null, rest: { id: "agency", name: "A" } });
  });
});
