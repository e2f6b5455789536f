import { describe, expect, it } from "vitest";
import { generateQuestions } from "./generated-questions";
import { ratesOf, scoreDropped, verdict, type QuestionResult } from "./scoring";

const result = (r: Partial<QuestionResult>): QuestionResult => ({
  question: "q",
  origin: "generated",
  question_id: null,
  expected_url: "https://x/a",
  expected_title: "A",
  rank: null,
  hit: false,
  grounded: false,
  passed: false,
  via: "default",
  found: [],
  ...r,
});

describe("the quality score", () => {
  it("judges a question by its expected page and the grounding rule; an updated answer passes", () => {
    expect(verdict({ expected: "u", rank: 2, topK: 4, grounded: true, updatedAnswer: false })).toEqual({ hit: true, grounded: true, passed: true });
    expect(verdict({ expected: "u", rank: 5, topK: 4, grounded: true, updatedAnswer: false })).toEqual({ hit: false, grounded: true, passed: false });
    expect(verdict({ expected: "u", rank: 1, topK: 4, grounded: false, updatedAnswer: false })).toEqual({ hit: true, grounded: false, passed: false });
    expect(verdict({ expected: null, rank: null, topK: 4, grounded: true, updatedAnswer: false })).toEqual({ hit: false, grounded: true, passed: true });
    expect(verdict({ expected: "u", rank: null, topK: 4, grounded: false, updatedAnswer: true })).toEqual({ hit: true, grounded: true, passed: true });
  });

  it("rates retrieval over the questions naming a page, grounding and the score over all", () => {
    const rates = ratesOf([
      result({ rank: 1, hit: true, grounded: true, passed: true, via: "passages" }),
      result({ rank: 2, hit: true, grounded: false }),
      result({ rank: null }),
      result({ expected_url: null, grounded: true, passed: true, via: "passages" }),
    ]);
    expect(rates).toMatchObject({ question_count: 4, grounded_rate: 0.5, score: 50 });
    expect(rates.hit_rate).toBeCloseTo(2 / 3);
    expect(rates.first_hit_rate).toBeCloseTo(1 / 3);
    expect(rates.mrr).toBeCloseTo((1 + 0.5) / 3);
    expect(ratesOf([])).toMatchObject({ question_count: 0, score: null, hit_rate: null });
  });

  it("flags a fall of more than 5 points only", () => {
    expect(scoreDropped({ score: 80, previous_score: 86 })).toBe(true);
    expect(scoreDropped({ score: 80, previous_score: 85 })).toBe(false);
    expect(scoreDropped({ score: 90, previous_score: 80 })).toBe(false);
    expect(scoreDropped({ score: 80, previous_score: null })).toBe(false);
  });
});

describe("questions generated from a chatbot's pages", () => {
  it("asks each page's own title and headings, skips headings pages share, and spreads over the pages", () => {
    const questions = generateQuestions(
      [
        { url: "https://x/hours", title: "Opening hours", headingPaths: ["", "Contact", "Contact › Holidays¶"] },
        { url: "https://x/repairs", title: "Repairs", headingPaths: ["Contact", "Do you repair e-bikes?", "2024"] },
      ],
      3,
    );
    expect(questions).toEqual([
      { question: "What about Opening hours?", kind: "heading", expectedUrl: "https://x/hours", expectedTitle: "Opening hours" },
      { question: "What about Repairs?", kind: "heading", expectedUrl: "https://x/repairs", expectedTitle: "Repairs" },
      { question: "What about Holidays?", kind: "heading", expectedUrl: "https://x/hours", expectedTitle: "Opening hours" },
    ]);
    expect(generateQuestions([{ url: "https://x/repairs", title: "Repairs", headingPaths: ["Do you repair e-bikes?"] }]).map((q) => q.question)).toEqual([
      "What about Repairs?",
      "Do you repair e-bikes?",
    ]);
  });

  it("asks a text's or a file's title and headings too, naming the source, and rates retrieval over them", () => {
    const questions = generateQuestions([
      { url: null, sourceId: "s1", title: "Delivery & refund policy", headingPaths: ["Delivery", "Refunds"] },
      { url: "https://x/hours", title: "Opening hours", headingPaths: ["Refunds"] },
    ]);
    expect(questions).toEqual([
      { question: "What about Opening hours?", kind: "heading", expectedUrl: "https://x/hours", expectedTitle: "Opening hours" },
      { question: "What about Delivery & refund policy?", kind: "heading", expectedUrl: null, expectedSourceId: "s1", expectedTitle: "Delivery & refund policy" },
      { question: "What about Delivery?", kind: "heading", expectedUrl: null, expectedSourceId: "s1", expectedTitle: "Delivery & refund policy" },
    ]);
    const rates = ratesOf([result({ expected_url: null, expected_source_id: "s1", rank: 1, hit: true, grounded: true, passed: true, via: "passages" }), result({ expected_url: null, expected_source_id: "s1" })]);
    expect(rates).toMatchObject({ hit_rate: 0.5, first_hit_rate: 0.5, mrr: 0.5, score: 50 });
  });
});
