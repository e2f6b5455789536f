import { describe, expect, it } from "vitest";
import { lostPageQuestions } from "./lost-pages";
import type { QuestionResult } from "./scoring";

const asked = (r: Partial<QuestionResult>): QuestionResult => ({
  question: "What about Repairs?",
  origin: "generated",
  question_id: null,
  expected_url: "https://shop.example/repairs",
  expected_title: "Repairs",
  rank: 1,
  hit: true,
  grounded: true,
  passed: true,
  via: "passages",
  found: [],
  ...r,
});

describe("lost pages in the quality score", () => {
  it("asks again the previous run's generated questions whose page is gone, once each", () => {
    const previous = [
      asked({}),
      asked({}),
      asked({ question: "What about Delivery?", expected_url: "https://shop.example/delivery", expected_title: "Delivery" }),
      asked({ question: "What about Returns?", expected_url: "https://shop.example/returns", expected_title: null }),
    ];
    expect(lostPageQuestions(previous, new Set(["https://shop.example/delivery"]))).toEqual([
      { question: "What about Repairs?", expectedUrl: "https://shop.example/repairs", expectedTitle: "Repairs" },
      { question: "What about Returns?", expectedUrl: "https://shop.example/returns", expectedTitle: null },
    ]);
  });

  it("leaves the owner's own questions (asked every run anyway), questions without a page, and losses already counted", () => {
    const previous = [
      asked({ origin: "user", question_id: "q1" }),
      asked({ expected_url: null }),
      // Carried into the previous run already: the loss counted there, once.
      asked({ page_missing: true, rank: null, hit: false, passed: false }),
    ];
    expect(lostPageQuestions(previous, new Set())).toEqual([]);
  });

  it("takes nothing when every page is still there or there was no run before", () => {
    expect(lostPageQuestions([asked({})], new Set(["https://shop.example/repairs"]))).toEqual([]);
    expect(lostPageQuestions([], new Set())).toEqual([]);
  });
});
