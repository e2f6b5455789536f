import { describe, expect, it } from "vitest";
import { env } from "@/server/env";
import { limitWidgetRequest } from "./rate-limit";

describe("limitWidgetRequest", () => {
  it("allows the configured number of requests per minute per IP and chatbot, then says when to retry", async () => {
    const limit = env().WIDGET_RATE_LIMIT_PER_MINUTE;
    for (let i = 0; i < limit; i++) expect((await limitWidgetRequest("203.0.113.7", "bot-a")).allowed).toBe(true);
    const refused = await limitWidgetRequest("203.0.113.7", "bot-a");
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // Another chatbot and another IP keep their own budgets.
    expect((await limitWidgetRequest("203.0.113.7", "bot-b")).allowed).toBe(true);
    expect((await limitWidgetRequest("203.0.113.8", "bot-a")).allowed).toBe(true);
  });
});
