import { describe, expect, it } from "vitest";
import { compoundsOf, saysCompound } from "./compounds";
import { groundingScore } from "./grounding";

const said = (question: string, text: string) => compoundsOf(question, "en").map((c) => saysCompound(c, text, "en"));

describe("a term asked as written", () => {
  it("a hyphenated term is said by its parts in a row, hyphenated, spaced or run together — not by its parts apart", () => {
    expect(compoundsOf("What is fast-forward used for?", "en").map((c) => c.parts)).toEqual([["fast", "forward"]]);
    expect(said("What is fast-forward used for?", "The merge was fast-forwarded.")).toEqual([true]);
    expect(said("What is fast-forward used for?", "A fast forward merge.")).toEqual([true]);
    expect(said("What is fast-forward used for?", "Use fastforward mode.")).toEqual([true]);
    expect(said("What is fast-forward used for?", "Fast hashing; forward the request.")).toEqual([false]);
    // "e-mail" is one word (a one-letter prefix), not a compound.
    expect(compoundsOf("Can I e-mail you?", "en")).toEqual([]);
  });

  it("in grounding: parts said apart are not met; said as one, the question is answered", () => {
    const quote = (sentence: string) => [{ sentence, context: "" }];
    expect(groundingScore("What is fast-forward used for?", quote("Fast hashing is used to forward the request."), ["Fast hashing is used to forward the request."], "en")).toBe(0);
    expect(groundingScore("What is fast-forward used for?", quote("A fast-forward merge is used when no new commit exists."), ["x"], "en")).toBeGreaterThanOrEqual(0.6);
    expect(groundingScore("Tell me about index-only scans.", quote("An index only scan reads the index alone."), ["x"], "en")).toBeGreaterThanOrEqual(0.6);
  });

  it("a part with a diacritic is keyed as written on both sides (French “ci-après”, which a stemmer reads apart from “ci-apres”)", () => {
    const sentence = "Les exemples ci-après demandent à être recopiés et édités dans vos propres fichiers.";
    const question = "Où est-il expliqué que les exemples ci-après demandent à être recopiés et édités dans vos propres fichiers ?";
    expect(compoundsOf(question, "fr").filter((c) => saysCompound(c, sentence, "fr")).map((c) => c.words)).toEqual([["ci", "après"]]);
    expect(groundingScore(question, [{ sentence, context: "", language: "fr" }], [sentence], "fr")).toBeGreaterThanOrEqual(0.6);
  });
});
