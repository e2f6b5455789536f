import { describe, expect, it } from "vitest";
import { modelOfRow } from "@/server/db/rows";

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
