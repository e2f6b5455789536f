import { describe, expect, it } from "vitest";
import { changeLine, fieldChanges } from "./change-summary";

describe("an audit entry's change in words", () => {
  it("says what an empty list means, names integrations by product and spells out objects", () => {
    const created = fieldChanges({ before: null, after: { url: "https://hooks.example/x", events: null, active: true } });
    expect(created.map(changeLine)).toEqual(["URL: https://hooks.example/x", "events: all events", "active: yes"]);
    const integrations = fieldChanges({ before: { integrations: ["messaging_app_1"] }, after: { integrations: ["messaging_app_1", "crm_1"] } });
    expect(changeLine(integrations[0]!)).not.toMatch(/messaging_app_1|\[|"/);
    // A channel's kind alone reads as its product too.
    expect(fieldChanges({ before: { kind: "team_chat_2" }, after: null }).map(changeLine)).toEqual(["kind: was Microsoft Teams"]);
    const topUp = fieldChanges({ before: { auto_top_up: null }, after: { auto_top_up: { amount: 500, threshold: 100, monthly_cap: 2000 } } });
    expect(topUp.map(changeLine)).toEqual(["auto top up: none → amount 500, threshold 100, monthly cap 2,000"]);
    expect(fieldChanges({ before: { name: "Old" }, after: null }).map(changeLine)).toEqual(["name: was Old"]);
  });
});
