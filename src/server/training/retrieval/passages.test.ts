import { describe, expect, it } from "vitest";
import { headingParagraph, passageParagraphs } from "./passages";

describe("passageParagraphs", () => {
  it("gives each text paragraph the heading it stands under, and no heading paragraph itself", () => {
    const content = ["We deliver every day.", headingParagraph("Opening hours"), "Open from nine.", "Closed on Sunday."].join("\n\n");
    expect(passageParagraphs({ headingPath: "Shop › Delivery", content })).toEqual([
      { heading: "Delivery", text: "We deliver every day." },
      { heading: "Opening hours", text: "Open from nine." },
      { heading: "Opening hours", text: "Closed on Sunday." },
    ]);
  });

  it("folds whitespace inside a paragraph and skips empty ones", () => {
    expect(passageParagraphs({ headingPath: "", content: "One\nline  here.\n\n\n\n  \n\nTwo." })).toEqual([
      { heading: "", text: "One line here." },
      { heading: "", text: "Two." },
    ]);
  });
});
