import { describe, expect, it } from "vitest";
import { z } from "zod";
import { withFieldName, zodFieldErrors } from "./zod-errors";

describe("zodFieldErrors", () => {
  const schema = z.object({
    name: z.string().min(1),
    response_token_limit: z.number().int().min(50).max(10000).optional(),
    invite_role: z.enum(["admin", "editor", "member"]).optional(),
    chatbot: z.object({ name: z.string() }).optional(),
  });

  it("names each invalid field with a readable message", () => {
    const result = schema.safeParse({ response_token_limit: 20, invite_role: "owner", chatbot: {} });
    expect(result.success).toBe(false);
    expect(zodFieldErrors(result.error!)).toEqual({
      name: ["The name field is required."],
      response_token_limit: ["The response token limit field must be at least 50."],
      invite_role: ["The invite role field must be one of: admin, editor, member."],
      "chatbot.name": ["The chatbot.name field is required."],
    });
  });

  it("reports wrong types", () => {
    const result = schema.safeParse({ name: 5 });
    expect(zodFieldErrors(result.error!)).toEqual({ name: ["The name field must be a string."] });
  });

  it("fills the field name into a message for the browser, as the server does", () => {
    const issue = z.number().max(2).safeParse(5).error!.issues[0]!;
    expect(withFieldName(issue.message, "temperature")).toBe("The temperature field must not be greater than 2.");
    expect(withFieldName(issue.message, "history_count")).toBe("The history count field must not be greater than 2.");
  });

  it("names the field by its label and says a number's unit", () => {
    const tooHigh = z.number().max(1200).safeParse(1300).error!.issues[0]!;
    expect(withFieldName(tooHigh.message, "height", "px")).toBe("The height field must not be greater than 1200 px.");
    const tooLow = z.number().min(320).safeParse(10).error!.issues[0]!;
    expect(withFieldName(tooLow.message, "height", "px")).toBe("The height field must be at least 320 px.");
    const missing = z.string().min(1).safeParse("").error!.issues[0]!;
    expect(withFieldName(missing.message, "answer", "px")).toBe("The answer field is required.");
  });
});
