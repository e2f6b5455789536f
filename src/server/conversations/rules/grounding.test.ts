import { describe, expect, it } from "vitest";
import { composeExtractiveAnswer } from "./extractive";
import { GROUNDING_THRESHOLD, groundingScore, isGrounded, saysNotKnown } from "./grounding";
import { answerKind } from "@/server/kernel/language";
import { citedPassages } from "./prompt";
import type { AnswerPassage } from "@/server/training";

const passage = (sourceId: string, title: string, content: string): AnswerPassage => ({
  chunkId: `${sourceId}-c`,
  sourceId,
  url: `https://velo.example/${sourceId}`,
  title,
  headingPath: "",
  content,
  score: 1,
});

const LOANERS = passage("loaners", "Loaner bikes", "While your bike is in the shop for repairs we lend you a loaner bike. The shop delivers loaners to your door. Shop gift cards can pay for repairs.");
const CONTACT = passage("contact", "Contact", "Our shop is at 12 Harbour Street, Bristol. Parking is behind the building.");

describe("grounding", () => {
  it("record 051's case: sentences that only share 'shop' do not answer 'Where is the shop?'; the address does", () => {
    const wrong = composeExtractiveAnswer("Where is the shop?", [LOANERS]);
    expect(wrong!.grounding).toBeLessThan(GROUNDING_THRESHOLD);
    const right = composeExtractiveAnswer("Where is the shop?", [LOANERS, CONTACT]);
    expect(right!.content).toContain("12 Harbour Street");
    expect(right!.sources.map((s) => s.id)).toEqual(["contact"]);
    expect(isGrounded(right!.grounding)).toBe(true);
  });

  it("asks for the kind of fact a question wants", () => {
    expect(answerKind("Where is the shop?", "en")).toBe("place");
    expect(answerKind("where is your shop located", "en")).toBe("place");
    expect(answerKind("When do you open on Sunday?", "en")).toBe("time");
    expect(answerKind("How much is a tune-up?", "en")).toBe("price");
    expect(answerKind("phone number for the pearl store", "en")).toBe("contact");
    expect(answerKind("Do you sell gravel bikes?", "en")).toBeNull();
  });

  it("a question asking only about a number is answered by a sentence saying it, not by any other (record 151)", () => {
    const umask = passage("umask", "Control of permissions", "The umask 0022 removes the write permission for the group and others. Typical umask values are 0002 and 0022.");
    const other = passage("fonts", "Fonts", "Many useful scalable fonts are available for users on Debian.");
    const answer = composeExtractiveAnswer("What is 0022 used for?", [other, umask]);
    expect(answer!.sources.map((s) => s.id)).toEqual(["umask"]);
    expect(isGrounded(answer!.grounding)).toBe(true);
    expect(isGrounded(composeExtractiveAnswer("What is 0022 used for?", [other])!.grounding)).toBe(false);
    expect(groundingScore("À quoi sert 0022 ?", [{ sentence: "Le masque 0027 retire les droits des autres.", context: "umask" }], ["Le masque 0027 retire les droits des autres."], "fr")).toBe(0);
  });

  it("a key term no retrieved passage mentions weighs double: 'tandem' on a shop renting other bikes", () => {
    const rentals = passage("rentals", "Rentals", "We rent city bikes and e-bikes by the day. Helmets are included with every rental bike.");
    expect(groundingScore("Do you rent tandem bikes?", [{ sentence: rentals.content, context: rentals.title }], [rentals.content], "en")).toBeLessThan(GROUNDING_THRESHOLD);
    expect(groundingScore("Do you rent e-bikes?", [{ sentence: rentals.content, context: rentals.title }], [rentals.content], "en")).toBeGreaterThanOrEqual(GROUNDING_THRESHOLD);
  });

  it("a code name asked about is met only as written; the words naming its kind by a paragraph under its own heading (record 148)", () => {
    const definition = "This parameter can be used to elevate the local watchdog node priority in the elections to select the leader node.";
    const retrieved = [`wd_priority (integer) ${definition}`, "Doc: Improve the description of wd_priority."];
    const under = (heading: string) => [{ sentence: definition, context: `Watchdog ${heading}`, heading }];
    // Under its own heading, the definition answers "wd_priority configuration parameter" without saying "configuration".
    expect(groundingScore("What is wd_priority configuration parameter?", under("wd_priority (integer)"), retrieved, "en")).toBe(1);
    // Under another parameter's heading it does not: "configuration" is missing, and said by no retrieved passage.
    expect(groundingScore("What is wd_priority configuration parameter?", under("wd_interval (integer)"), retrieved, "en")).toBeLessThan(GROUNDING_THRESHOLD);
    // A sentence saying "configuration parameters" but not the name answers nothing about it.
    const overview = [{ sentence: "There are many configuration parameters that affect the behavior of the pooler.", context: "Server Configuration" }];
    expect(groundingScore("What does desired_sync_time configuration parameter do?", overview, [overview[0]!.sentence], "en")).toBe(0);
    // Only the words right after the name name its kind: the rest of the question must still be quoted.
    expect(groundingScore("What does wd_priority configuration parameter do in a quorum?", under("wd_priority (integer)"), retrieved, "en")).toBeLessThan(1);
  });

  it("typos still meet their words", () => {
    const returns = passage("returns", "Returns", "Our return policy: accessories can be returned within 30 days.");
    expect(groundingScore("retrun policy for acessories", [{ sentence: returns.content, context: returns.title }], [returns.content], "en")).toBe(1);
  });

  it("a question without key terms is not grounded by anything", () => {
    expect(groundingScore("what is it?", [{ sentence: "It is a shop.", context: "" }], ["It is a shop."], "en")).toBe(0);
  });

  it("knows a model's 'I don't know' and the chatbot's default answer", () => {
    expect(saysNotKnown("I'm sorry, I don't know the answer to that yet.", "I'm sorry, I don't know the answer to that yet.")).toBe(true);
    expect(saysNotKnown("Sorry, the sources don't mention parking.", "No idea.")).toBe(true);
    expect(saysNotKnown("Nous ne savons pas. No idea.", "No idea.")).toBe(true);
    expect(saysNotKnown("We open at 8 am on Saturday [1].", "I'm sorry, I don't know the answer to that yet.")).toBe(false);
    // In the visitor's language too (an LLM answers in it).
    expect(saysNotKnown("Tut mir leid, ich weiß es nicht.", "Keine Ahnung.")).toBe(true);
    expect(saysNotKnown("Je ne sais pas, désolé.", "Aucune idée.")).toBe(true);
    expect(saysNotKnown("Lo siento, no lo sé.", "Ni idea.")).toBe(true);
    expect(saysNotKnown("Le fonti non menzionano il parcheggio.", "Non lo so.")).toBe(true);
    expect(saysNotKnown("De bronnen vermelden dat niet.", "Geen idee.")).toBe(true);
    expect(saysNotKnown("Não sei.", "Sem ideia.")).toBe(true);
    expect(saysNotKnown("Wir öffnen samstags um 8 Uhr [1].", "Keine Ahnung.")).toBe(false);
  });

  it("a generated answer's sources are the passages it cites, each once", () => {
    const passages = [LOANERS, CONTACT, passage("x", "X", "x")];
    expect(citedPassages("At 12 Harbour Street [2], see also [2] and [9].", passages)).toEqual([CONTACT]);
    expect(citedPassages("No citation.", passages)).toEqual(passages);
  });
});
