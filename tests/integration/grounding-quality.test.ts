import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { composeExtractiveAnswer } from "@/server/conversations/rules/extractive";
import { GROUNDING_THRESHOLD } from "@/server/conversations/rules/grounding";
import { searchPassages } from "@/server/training/retrieval/search";
import { createTestDatabase } from "../helpers/db";
import { indexRetrievalFixture, RETRIEVAL_QUESTIONS } from "../helpers/retrieval-fixture";

/**
 * Grounded or honest (docs/decisions/051-grounded-or-honest-answers.md): on the Bramble Cycles
 * fixture, the extractive answer of each answerable question and of each question the site does not
 * answer, through the real index. Prints the precision/recall trade-off of GROUNDING_THRESHOLD:
 *   recall    = right answers served / answerable questions
 *   precision = right answers served / answers served (answerable and unanswerable questions)
 * A right answer quotes an expected file.
 */
const TOP_K = 4; // the chatbots' default top_k

let db: Db;
let chatbotId: string;
let fileOfSource: Map<string, string>;

interface Scored {
  q: string;
  score: number;
  right: boolean;
}

async function scored(q: string, expected: string[]): Promise<Scored> {
  const passages = await searchPassages(db, { chatbotId, query: q, topK: TOP_K });
  const answer = composeExtractiveAnswer(q, passages);
  const right = !!answer && answer.sources.some((s) => expected.includes(fileOfSource.get(s.id) ?? ""));
  return { q, score: answer?.grounding ?? 0, right };
}

function tradeOff(answerable: Scored[], unanswerable: Scored[], threshold: number) {
  const servedRight = answerable.filter((a) => a.score >= threshold && a.right).length;
  const servedWrong = answerable.filter((a) => a.score >= threshold && !a.right).length + unanswerable.filter((u) => u.score >= threshold).length;
  return {
    recall: servedRight / answerable.length,
    precision: servedRight + servedWrong ? servedRight / (servedRight + servedWrong) : 1,
    refused: unanswerable.filter((u) => u.score < threshold).length / unanswerable.length,
  };
}

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  ({ chatbotId, fileOfSource } = await indexRetrievalFixture(db));
}, 120_000);

describe("grounded or honest extractive answers on the Bramble Cycles fixture", () => {
  it("answers most answerable questions and refuses most questions the site does not answer", async () => {
    const answerable: Scored[] = [];
    for (const { q, expected } of RETRIEVAL_QUESTIONS.questions) answerable.push(await scored(q, expected));
    const unanswerable: Scored[] = [];
    for (const q of RETRIEVAL_QUESTIONS.unanswerable) unanswerable.push(await scored(q, []));

    const rows = [0, 0.3, 0.4, 0.5, 0.6, 0.67, 0.7, 0.8, 0.9, 1].map((t) => {
      const r = tradeOff(answerable, unanswerable, t);
      return `  ${t.toFixed(2)}${t === GROUNDING_THRESHOLD ? "*" : " "}  precision ${r.precision.toFixed(3)}  recall ${r.recall.toFixed(3)}  unanswerable refused ${r.refused.toFixed(3)}`;
    });
    const chosen = tradeOff(answerable, unanswerable, GROUNDING_THRESHOLD);
    const lost = answerable.filter((a) => a.right && a.score < GROUNDING_THRESHOLD).map((a) => `  refused although right (${a.score.toFixed(2)}): ${a.q}`);
    const wrong = unanswerable.filter((u) => u.score >= GROUNDING_THRESHOLD).map((u) => `  served although unanswerable (${u.score.toFixed(2)}): ${u.q}`);
    console.log(
      `grounding: ${answerable.length} answerable, ${unanswerable.length} unanswerable questions, top_k ${TOP_K} (* = GROUNDING_THRESHOLD)\n${rows.join("\n")}\n${[...lost, ...wrong].join("\n")}`,
    );
    const ungated = tradeOff(answerable, unanswerable, 0);
    expect(ungated.refused).toBe(0); // without the rule every unanswerable question got a confident answer
    expect(chosen.refused).toBeGreaterThanOrEqual(0.8);
    expect(chosen.recall).toBeGreaterThanOrEqual(0.85);
    expect(chosen.precision).toBeGreaterThan(ungated.precision);
  });
});
