import { describe, expect, it } from "vitest";
import { rateLimitWait } from "./intercom-api";
import { textOfIntercomBody, transcriptText } from "./rules";

describe("Intercom rules", () => {
  it("reads an admin's HTML reply as text", () => {
    expect(textOfIntercomBody("<p>Hi &amp; welcome!</p><p>Line<br>two</p>")).toBe("Hi & welcome!\nLine\ntwo");
    expect(textOfIntercomBody("<p></p>")).toBe("");
  });

  it("opens with the transcript, each message by who said it", () => {
    const text = transcriptText([{ role: "user", content: "Can I  talk\nto someone?" }, { role: "assistant", content: "Sure." }], "Bakery Bot");
    expect(text.split("\n")).toEqual(["Handed over from Bakery Bot; the conversation so far:", "Visitor: Can I talk to someone?", "Bakery Bot: Sure."]);
  });

  it("waits until a 429's X-RateLimit-Reset, else its Retry-After", () => {
    expect(rateLimitWait({ "x-ratelimit-reset": String(1_000_010) }, 1_000_000_000)).toBe(10);
    expect(rateLimitWait({ "x-ratelimit-reset": String(999_000) }, 1_000_000_000)).toBe(1);
    expect(rateLimitWait({ "retry-after": "7" })).toBe(7);
    expect(rateLimitWait({})).toBeNull();
  });
});
