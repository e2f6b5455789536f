import { describe, expect, it } from "vitest";
import { fillSavedReply, firstName, matchingShortcuts, SHORTCUT_PATTERN, slashQuery, unknownVariables } from "./saved-replies";

describe("saved replies", () => {
  it("accepts lowercase letters, digits and dashes as a shortcut", () => {
    expect(["refund", "refund-2", "a", "3-day"].every((s) => SHORTCUT_PATTERN.test(s))).toBe(true);
    expect(["Refund", "-x", "re fund", "/refund", "", "ré"].some((s) => SHORTCUT_PATTERN.test(s))).toBe(false);
  });

  it("names the unknown variables once each", () => {
    expect(unknownVariables("Hi {visitor_first_name}, {order_id} and {order_id} {}")).toEqual(["order_id", ""]);
    expect(unknownVariables("Hi {visitor_first_name}, I am {agent_first_name} from {chatbot_name}")).toEqual([]);
  });

  it("fills the variables, with a fallback for a blank value", () => {
    expect(fillSavedReply("Hi {visitor_first_name}, {chatbot_name} here", { visitor_first_name: "Ada", chatbot_name: "Bakery Bot" })).toBe("Hi Ada, Bakery Bot here");
    expect(fillSavedReply("Hi {visitor_first_name}", { visitor_first_name: "  " })).toBe("Hi there");
    expect(fillSavedReply("{unknown} stays", {})).toBe("{unknown} stays");
    expect(firstName(" Ada  Lovelace ")).toBe("Ada");
  });

  it("finds the `/word` at the caret and the shortcuts it starts", () => {
    expect(slashQuery("Hello /ref", 10)).toEqual({ start: 6, typed: "ref" });
    expect(slashQuery("/", 1)).toEqual({ start: 0, typed: "" });
    expect(slashQuery("a/b", 3)).toBeNull();
    const replies = [{ shortcut: "refund-late" }, { shortcut: "refund" }, { shortcut: "hours" }];
    expect(matchingShortcuts(replies, "ref").map((r) => r.shortcut)).toEqual(["refund", "refund-late"]);
    expect(matchingShortcuts(replies, "")).toHaveLength(3);
  });
});
