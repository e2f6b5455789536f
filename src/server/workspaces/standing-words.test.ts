import { describe, expect, it } from "vitest";
import { creditWarning, standingInWords } from "./standing-words";

const base = { agencyName: "Bright Agency", contact: "help@bright.example", resetsOn: "1 Dec 2026", autoTopup: false } as const;

describe("a client's standing in words", () => {
  it("warns when low (the agency's threshold, else a tenth of the limit) and when out", () => {
    expect(creditWarning(0, 100, null)).toBe("out");
    expect(creditWarning(10, 100, null)).toBe("low");
    expect(creditWarning(11, 100, null)).toBeNull();
    expect(creditWarning(50, 100, 50)).toBe("low");
    expect(creditWarning(0, null, 10)).toBeNull();
  });

  it("says what happens and what to do, paused, suspended, out or fine", () => {
    expect(standingInWords({ ...base, status: "paused", pauseMode: "hard", warning: null })).toMatchObject({
      tone: "stopped",
      title: "Your workspace is paused",
      todo: ["Contact Bright Agency at help@bright.example to resume it.", "You can still read past conversations and edit your chatbots."],
    });
    expect(standingInWords({ ...base, status: "suspended", pauseMode: null, warning: null }).title).toBe("Your workspace is suspended");
    // A pause without a mode stops the workspace, as standingOf says.
    expect(standingInWords({ ...base, status: "paused", pauseMode: null, warning: null })).toMatchObject({ tone: "stopped", title: "Your workspace is paused" });
    expect(standingInWords({ ...base, status: "paused", pauseMode: "soft", warning: "low" }).tone).toBe("warning");
    expect(standingInWords({ ...base, status: "active", pauseMode: null, warning: "out" }).todo[0]).toMatch(/add top-up credits/);
    expect(standingInWords({ ...base, status: "active", pauseMode: null, warning: "low", autoTopup: true }).todo).toEqual([]);
    expect(standingInWords({ ...base, contact: null, status: "active", pauseMode: null, warning: null })).toMatchObject({ tone: "ok", detail: "Everything is running. Your monthly credits renew on 1 Dec 2026." });
  });
});
