import { describe, expect, it } from "vitest";
import { headingParagraph, passageParagraphs, sourcesOf, type AnswerPassage } from "./passages";

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

describe("sourcesOf", () => {
  const passage = (sourceId: string, url: string | null, title = "Delivery - Sunny Bakery"): AnswerPassage => ({ chunkId: `${sourceId}-${url}`, sourceId, url, title, headingPath: "", content: "", score: 1 });

  it("cites one page once, even when two sources reached it", () => {
    const cited = sourcesOf([passage("a", "https://sunny.example/delivery"), passage("a", "https://sunny.example/delivery"), passage("b", "https://sunny.example/delivery/")]);
    expect(cited).toEqual([{ id: "a", url: "https://sunny.example/delivery", title: "Delivery - Sunny Bakery" }]);
  });

  it("keeps different pages and sources without an address apart, in passage order", () => {
    const cited = sourcesOf([passage("t1", null, "Opening hours"), passage("a", "https://sunny.example/menu", "Menu"), passage("t2", null, "Prices")]);
    expect(cited.map((s) => s.id)).toEqual(["t1", "a", "t2"]);
  });
});
