import { describe, expect, it } from "vitest";
import { zodFieldErrors } from "@/shared/zod-errors";
import { isPermutationOf, moveInOrder, storedAction, suggestedMessageColumns, suggestedMessageSchema } from "./suggested-message-rules";

const errorsOf = (input: unknown) => {
  const result = suggestedMessageSchema.safeParse(input);
  return result.success ? {} : zodFieldErrors(result.error);
};

describe("suggested message input", () => {
  it("stores a message with its prompt and no action", () => {
    const parsed = suggestedMessageSchema.parse({ type: "message", name: " Pricing ", prompt: " How much? ", url: "ignored" });
    expect(suggestedMessageColumns(parsed)).toEqual({ type: "message", name: "Pricing", prompt: "How much?", action: null });
  });

  it("stores a link with action {type:url, url} and an empty prompt", () => {
    const parsed = suggestedMessageSchema.parse({ type: "link", name: "Book", url: "https://example.com/book", prompt: "ignored" });
    expect(suggestedMessageColumns(parsed)).toEqual({ type: "link", name: "Book", prompt: "", action: { type: "url", url: "https://example.com/book" } });
  });

  it("stores the lead form and handoff buttons with their documented actions", () => {
    expect(suggestedMessageColumns(suggestedMessageSchema.parse({ type: "lead_form", name: "Get a quote", prompt: "ignored" }))).toEqual({
      type: "lead_form",
      name: "Get a quote",
      prompt: "",
      action: { type: "lead_form" },
    });
    expect(suggestedMessageColumns(suggestedMessageSchema.parse({ type: "handoff", name: "Talk to us" }))).toEqual({
      type: "handoff",
      name: "Talk to us",
      prompt: "Talk to us",
      action: { type: "handoff" },
    });
  });

  it("stores an HTTP action button with its action_id, which it requires", () => {
    expect(suggestedMessageColumns(suggestedMessageSchema.parse({ type: "http", name: "My order", action_id: "a1" }))).toEqual({
      type: "http",
      name: "My order",
      prompt: "My order",
      action: { type: "http", action_id: "a1" },
    });
    expect(suggestedMessageSchema.safeParse({ type: "http", name: "My order" }).error?.issues[0]?.path).toEqual(["action_id"]);
  });

  it("reads back only the documented action shapes", () => {
    expect(storedAction({ type: "url", url: "https://a.example" })).toEqual({ type: "url", url: "https://a.example" });
    expect(storedAction({ type: "http", action_id: "x" })).toEqual({ type: "http", action_id: "x" });
    expect(storedAction({ url: "https://a.example" })).toBeNull();
    expect(storedAction(null)).toBeNull();
  });

  it("names the missing or invalid field", () => {
    expect(errorsOf({ type: "message", name: "A" })).toEqual({ prompt: ["The prompt field is required for a message."] });
    expect(errorsOf({ type: "link", name: "A" })).toEqual({ url: ["The url field is required for a link."] });
    expect(errorsOf({ type: "link", name: "A", url: "ftp://example.com" })).toEqual({ url: ["The url field must be an http:// or https:// URL."] });
    expect(Object.keys(errorsOf({ type: "button", name: "", prompt: "x" })).sort()).toEqual(["name", "type"]);
    expect(errorsOf({ type: "message", name: "x".repeat(81), prompt: "x" }).name?.[0]).toMatch(/80 characters/);
  });
});

describe("ordering", () => {
  const ids = ["a", "b", "c"];

  it("moves one place up or down and stays put at the ends", () => {
    expect(moveInOrder(ids, "b", "up")).toEqual(["b", "a", "c"]);
    expect(moveInOrder(ids, "b", "down")).toEqual(["a", "c", "b"]);
    expect(moveInOrder(ids, "a", "up")).toEqual(ids);
    expect(moveInOrder(ids, "c", "down")).toEqual(ids);
    expect(moveInOrder(ids, "x", "up")).toBeNull();
  });

  it("accepts a new order only when it is the same ids", () => {
    expect(isPermutationOf(ids, ["c", "a", "b"])).toBe(true);
    expect(isPermutationOf(ids, ["a", "b"])).toBe(false);
    expect(isPermutationOf(ids, ["a", "b", "b"])).toBe(false);
    expect(isPermutationOf(ids, ["a", "b", "d"])).toBe(false);
    expect(isPermutationOf([], [])).toBe(true);
  });
});
