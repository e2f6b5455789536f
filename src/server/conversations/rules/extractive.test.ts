import { beforeAll, describe, expect, it } from "vitest";
import { composeExtractiveAnswer, splitSentences } from "./extractive";
import { countTokens } from "./shaping";
import { headingParagraph, type AnswerPassage } from "@/server/training";

// Building the o200k tokenizer takes seconds on a busy machine: once, outside the tests' time limit.
beforeAll(() => {
  countTokens("warm up");
}, 120_000);

const passage = (sourceId: string, content: string, extra: Partial<AnswerPassage> = {}): AnswerPassage => ({
  chunkId: `${sourceId}-c`,
  sourceId,
  url: `https://shop.example/${sourceId}`,
  title: `Page ${sourceId}`,
  headingPath: "",
  content,
  score: 1,
  ...extra,
});

describe("composeExtractiveAnswer", () => {
  it("quotes the sentences sharing the most terms with the question, in passage order; its sources are structured, not in the text", () => {
    const answer = composeExtractiveAnswer("What are your opening hours on Sunday?", [
      passage("a", "We are a family bakery. Our opening hours are 8 to 18 on weekdays. On Sunday the opening hours are 9 to 13."),
      passage("b", "Delivery is free above 30 euros. Sunday deliveries are not possible."),
    ]);
    expect(answer).not.toBeNull();
    expect(answer!.content).toContain("On Sunday the opening hours are 9 to 13.");
    expect(answer!.content).not.toContain("family bakery");
    expect(answer!.content).not.toContain("https://");
    expect(answer!.sources).toEqual([{ id: "a", url: "https://shop.example/a", title: "Page a" }]);
  });

  it("nothing retrieved: no answer", () => {
    expect(composeExtractiveAnswer("anything", [])).toBeNull();
  });

  it("quotes the best passage's opening when no sentence shares a term", () => {
    const answer = composeExtractiveAnswer("xyzzy?", [passage("a", "First sentence here. Second one. Third one. Fourth one.")]);
    expect(answer!.content.startsWith("First sentence here. Second one. Third one.")).toBe(true);
    expect(answer!.content).not.toContain("Fourth");
  });

  it("keeps a heading out of the quoted sentences: it is the context of the section, not a sentence", () => {
    const content = `Delivery costs $6.95 in town.\n\n${headingParagraph("Opening hours")}\n\nOur shop opens at nine on weekdays. On Saturday it opens at ten.`;
    const answer = composeExtractiveAnswer("What are your opening hours?", [passage("a", content, { headingPath: "Delivery" })]);
    expect(answer!.content).toBe("Our shop opens at nine on weekdays. On Saturday it opens at ten.");
  });

  it("counts a heading's words for the sentences under it", () => {
    const answer = composeExtractiveAnswer("What are your opening hours?", [
      passage("a", "We are a family bakery since 1920. Our bread is baked every day."),
      passage("b", "Monday to Friday 9am to 6pm\n\nSaturday 10am to 2pm", { headingPath: "Visit us › Opening hours" }),
    ]);
    expect(answer!.content).toBe("Monday to Friday 9am to 6pm\nSaturday 10am to 2pm");
  });

  it("never runs a sentence across paragraphs (list items, table rows, headings of older chunks)", () => {
    const answer = composeExtractiveAnswer("When does the shop open?", [passage("a", "Opening hours\n\nOur shop opens at nine.\n\nShop closed on Sunday\n\nParking is free.")]);
    expect(answer!.content.split("\n\n")[0]).toBe("Opening hours\nOur shop opens at nine.\nShop closed on Sunday");
  });

  it("splits sentences at their ends only", () => {
    expect(splitSentences("Prices start at 9.99 euros. Shipping takes 2 days! Really?")).toEqual(["Prices start at 9.99 euros.", "Shipping takes 2 days!", "Really?"]);
  });

  it("reads like an answer: whole sentences, no Markdown or code, within the configured length", () => {
    const content = [
      "The **fleet plan** covers [every bike](https://shop.example/bikes) we sell. It includes `two` services a year.",
      "```sh\n$ fleet --plan\n```",
      "The fleet plan costs 12.50 euros per bike and month, e.g. For twenty bikes 250 euros. Ask us for larger fleets.",
    ].join("\n\n");
    const answer = composeExtractiveAnswer("What does the fleet plan include and cost?", [passage("a", content)], { tokenLimit: 40 })!;
    expect(answer.content).not.toMatch(/[*`\[\]$]|https?:/);
    expect(countTokens(answer.content)).toBeLessThanOrEqual(40);
    for (const line of answer.content.split("\n")) expect(line).toMatch(/[.!?]$/);
    expect(answer.content).toContain("The fleet plan costs 12.50 euros per bike and month, e.g. For twenty bikes 250 euros.");
  });

  it("reads the question in its language", () => {
    const answer = composeExtractiveAnswer("Wann öffnet der Laden am Samstag?", [
      passage("a", "Wir reparieren alle Fahrräder. Am Samstag öffnet der Laden um 9 Uhr."),
      passage("b", "Der Laden liegt in der Hauptstraße 5."),
    ], { language: "de" })!;
    expect(answer.content).toBe("Am Samstag öffnet der Laden um 9 Uhr.");
    expect(answer.sources.map((s) => s.id)).toEqual(["a"]);
  });
});

