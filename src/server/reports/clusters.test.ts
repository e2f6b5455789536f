import { describe, expect, it } from "vitest";
import { preparedSimilarity, prepareQuestion, questionSimilarity, UPDATED_ANSWER_THRESHOLD } from "@/server/conversations";
import { clusterKey, clusterQuestions, mergeWordings, type AskedQuestion } from "./clusters";

const cluster = (questions: AskedQuestion[]) => clusterQuestions(questions, { prepare: prepareQuestion, similarity: preparedSimilarity }, { threshold: UPDATED_ANSWER_THRESHOLD });

const ASKED: AskedQuestion[] = [
  { text: "How much does delivery cost?", count: 5 },
  { text: "What does delivery cost to Germany?", count: 2 },
  { text: "delivery costs??", count: 1 },
  { text: "Do you deliver on Sundays?", count: 3 },
  { text: "Can I get a delivery on a Sunday", count: 1 },
  { text: "Where is your shop?", count: 2 },
  { text: "When is your shop open?", count: 2 },
  { text: "hi", count: 9 },
  { text: "Do you sell gift cards?", count: 1 },
];

describe("clustering unanswered questions by what they ask", () => {
  it("groups rewordings of one question and keeps different questions apart", () => {
    const clusters = cluster(ASKED);
    const byQuestion = new Map(clusters.map((c) => [c.question, c]));
    expect(byQuestion.get("How much does delivery cost?")).toMatchObject({ count: 8, examples: ["What does delivery cost to Germany?", "delivery costs??"] });
    expect(byQuestion.get("Do you deliver on Sundays?")).toMatchObject({ count: 4, examples: ["Can I get a delivery on a Sunday"] });
    // "Where" and "when" ask for different kinds of fact: never one cluster.
    expect(byQuestion.get("Where is your shop?")?.examples).toEqual([]);
    expect(byQuestion.get("When is your shop open?")?.examples).toEqual([]);
    expect(byQuestion.get("Do you sell gift cards?")).toMatchObject({ count: 1 });
    // A greeting names nothing to answer.
    expect(clusters.some((c) => c.question === "hi")).toBe(false);
    expect(clusters.reduce((s, c) => s + c.count, 0)).toBe(8 + 4 + 2 + 2 + 1);
  });

  it("orders clusters by asks, then by question, and names each by its shared words", () => {
    const clusters = cluster(ASKED);
    expect(clusters.map((c) => c.count)).toEqual([8, 4, 2, 2, 1]);
    expect(clusters[0]!.label).toBe("Delivery cost");
    expect(clusters[2]!.question < clusters[3]!.question).toBe(true);
  });

  it("is complete-linkage: every two questions of a cluster are close enough for one updated answer", () => {
    for (const c of cluster(ASKED)) {
      const members = [c.question, ...c.examples];
      for (const a of members) for (const b of members) if (a !== b) expect(questionSimilarity(a, b)!).toBeGreaterThanOrEqual(UPDATED_ANSWER_THRESHOLD);
    }
  });

  it("gives the same clusters whatever the order of its input", () => {
    const reversed = cluster([...ASKED].reverse());
    expect(reversed).toEqual(cluster(ASKED));
  });

  it("merges wordings that normalise alike and keeps the most asked spelling", () => {
    expect(mergeWordings([{ text: "Opening hours?", count: 1 }, { text: "opening hours", count: 3 }, { text: "OPENING HOURS!!", count: 1 }])).toEqual([{ text: "opening hours", count: 5 }]);
  });

  it("keys a cluster by its question's normalised wording", () => {
    expect(clusterKey("How much does delivery cost?")).toBe(clusterKey("how much does delivery cost"));
    expect(clusterKey("How much does delivery cost?")).not.toBe(clusterKey("Do you deliver on Sundays?"));
  });

  it("has nothing to group without questions", () => {
    expect(cluster([])).toEqual([]);
  });
});
