import { describe, expect, it } from "vitest";
import type { AnswerPassage } from "@/server/training";
import { keepAnswerable } from "./answerable";
import { generateQuestions } from "./generated-questions";

/** The pages of a small shop, as the index hands their passages to an answer. */
const PAGES: Record<string, { title: string; passages: string[] }> = {
  "https://shop.example/contact": { title: "Contact", passages: ["Our shop is at 12 Harbour Street, Bristol.", "Come and see the bicycles in the shop."] },
  "https://shop.example/repairs": { title: "Repairs", passages: ["Repairs: we service and repair every bicycle within two days.", "Repairs of electric bicycles are booked by phone."] },
  "https://shop.example/delivery": { title: "Delivery", passages: ["Delivery of bicycles is free within the city.", "Delivery takes three working days."] },
};

const passagesOf = async ({ expectedUrl: url }: { expectedUrl: string | null }): Promise<AnswerPassage[]> =>
  PAGES[url!]!.passages.map((content, i) => ({ chunkId: `${url}#${i}`, sourceId: url!, url, title: PAGES[url!]!.title, headingPath: PAGES[url!]!.title, content, score: 0 }));

const candidates = generateQuestions(Object.entries(PAGES).map(([url, p]) => ({ url, title: p.title, headingPaths: [p.title] })));

describe("the generated test questions kept", () => {
  it("are those their own page answers by the engine's grounding rule", async () => {
    expect(candidates.map((c) => c.question)).toContain("What about Contact?");
    const kept = await keepAnswerable(candidates, passagesOf, 40);
    // The contact page gives an address, no phone or e-mail: it cannot answer "What about Contact?".
    expect(kept.map((k) => k.question).sort()).toEqual(["What about Delivery?", "What about Repairs?"]);
  });

  it("stop at the cap and read each page once", async () => {
    const reads: string[] = [];
    const twice = [...candidates, ...candidates];
    const kept = await keepAnswerable(twice, (g) => (reads.push(g.expectedUrl!), passagesOf(g)), 3);
    expect(kept).toHaveLength(3);
    expect(new Set(reads).size).toBe(reads.length);
  });
});
