import { describe, expect, it } from "vitest";
import { matchUpdatedAnswer, questionSimilarity, similarity, UPDATED_ANSWER_THRESHOLD } from "./updated-answer-match";

/** [stored question, asked question]: the same question reworded — must match. */
const PARAPHRASES: Array<[string, string]> = [
  ["Where is your shop?", "where is your shop located?"],
  ["Where is your shop?", "Where's the shop?"],
  ["Where is your shop?", "where exactly is your shop situated"],
  ["What are your opening hours?", "opening hours?"],
  ["What are your opening hours?", "what are the opening hours"],
  ["What are your opening hours?", "when are you open? opening hours please"],
  ["Do you deliver on Sundays?", "do you do deliveries on sunday"],
  ["Do you deliver on Sundays?", "Sunday delivery?"],
  ["How much is a gift card?", "how much do gift cards cost"],
  ["Can I return a bike?", "can bikes be returned"],
  ["Do you offer gluten free bread?", "is there any gluten-free bread"],
  ["What is your phone number?", "phone number?"],
  ["Do you have parking?", "is there parking"],
  ["Do you sell e-bikes?", "do you sell ebikes"],
  ["Do you repair bikes?", "do you do bike repairs"],
  ["What is the warranty on frames?", "frame warranty"],
];

/** [stored question, asked question]: different questions sharing words — must not match. */
const DIFFERENT: Array<[string, string]> = [
  ["Where is your shop?", "When is your shop open?"],
  ["Where is your shop?", "Do you have a shop in Bristol?"],
  ["What are your opening hours?", "What are your delivery hours?"],
  ["Do you deliver on Sundays?", "Are you open on Sundays?"],
  ["How much is a gift card?", "Do gift cards expire?"],
  ["How much is a gift card?", "How much is delivery?"],
  ["Can I return a bike?", "Can I rent a bike?"],
  ["Do you offer gluten free bread?", "Do you offer vegan cakes?"],
  ["What is your phone number?", "What is your email address?"],
  ["Do you have parking?", "Do you have bike parking at the station?"],
  ["Do you sell e-bikes?", "Do you repair e-bikes?"],
  ["Do you repair bikes?", "Do you sell bikes?"],
  ["What is the warranty on frames?", "What is the warranty on batteries?"],
  ["How much is a croissant?", "What are your opening hours?"],
];

const score = (a: string, b: string) => questionSimilarity(a, b) ?? similarity(a, b);

describe("updated answers match reworded questions", () => {
  it("the measured threshold separates paraphrases from different questions", () => {
    const match = PARAPHRASES.map(([a, b]) => ({ a, b, s: score(a, b) }));
    const differ = DIFFERENT.map(([a, b]) => ({ a, b, s: score(a, b) }));
    const lowestMatch = Math.min(...match.map((m) => m.s));
    const highestDiffer = Math.max(...differ.map((d) => d.s));
    console.log(`updated answers: paraphrases score ≥ ${lowestMatch.toFixed(2)}, different questions ≤ ${highestDiffer.toFixed(2)}, threshold ${UPDATED_ANSWER_THRESHOLD}`);
    for (const m of match) expect(m.s, `${m.a} / ${m.b}`).toBeGreaterThanOrEqual(UPDATED_ANSWER_THRESHOLD);
    for (const d of differ) expect(d.s, `${d.a} / ${d.b}`).toBeLessThan(UPDATED_ANSWER_THRESHOLD);
  });

  it("both ways: the stored and the asked question can be either wording", () => {
    for (const [a, b] of PARAPHRASES) {
      expect(matchUpdatedAnswer(b, [{ question: a }]), `${a} ← ${b}`).not.toBeNull();
      expect(matchUpdatedAnswer(a, [{ question: b }]), `${b} ← ${a}`).not.toBeNull();
    }
    for (const [a, b] of DIFFERENT) {
      expect(matchUpdatedAnswer(b, [{ question: a }]), `${a} ← ${b}`).toBeNull();
      expect(matchUpdatedAnswer(a, [{ question: b }]), `${b} ← ${a}`).toBeNull();
    }
  });

  it("picks the closest of several, and greetings fall back to the whole text", () => {
    const answers = [{ question: "Where is your shop?", a: 1 }, { question: "When is your shop open?", a: 2 }];
    expect(matchUpdatedAnswer("where is your shop located?", answers)?.a).toBe(1);
    expect(matchUpdatedAnswer("when is the shop open", answers)?.a).toBe(2);
    expect(matchUpdatedAnswer("hi there", [{ question: "hi there!" }])).not.toBeNull();
  });
});

/** [language, stored question, asked question, same question?]: the rule in each language's own words. */
const IN_OTHER_LANGUAGES: Array<[string, string, string, boolean]> = [
  ["de", "Wo ist Ihr Laden?", "Wo befindet sich der Laden?", true],
  ["de", "Wie viel kostet ein Gutschein?", "Was kosten Gutscheine?", true],
  ["de", "Wo ist Ihr Laden?", "Wann öffnet der Laden?", false],
  ["de", "Wie viel kostet ein Gutschein?", "Laufen Gutscheine ab?", false],
  ["fr", "Où se trouve votre magasin ?", "Où est le magasin ?", true],
  ["fr", "Où se trouve votre magasin ?", "Quand le magasin est-il ouvert ?", false],
  ["fr", "Réparez-vous les vélos ?", "Vendez-vous des vélos ?", false],
  ["es", "¿Dónde está la tienda?", "¿Dónde queda su tienda?", true],
  ["es", "¿Cuánto cuesta una tarjeta regalo?", "precio de las tarjetas regalo", true],
  ["es", "¿Reparan bicicletas?", "¿Venden bicicletas?", false],
  ["it", "Dove si trova il negozio?", "Dov'è il vostro negozio?", true],
  ["it", "Consegnate la domenica?", "Fate consegne di domenica?", true],
  ["it", "Riparate le biciclette?", "Vendete biciclette?", false],
  ["nl", "Waar is de winkel?", "Waar ligt jullie winkel?", true],
  ["nl", "Bezorgen jullie op zondag?", "Is er bezorging op zondag?", true],
  ["nl", "Repareren jullie fietsen?", "Verkopen jullie fietsen?", false],
  ["pt", "Onde fica a loja?", "Onde está a sua loja?", true],
  ["pt", "Fazem entregas no domingo?", "Entregam ao domingo?", true],
  ["pt", "Vocês consertam bicicletas?", "Vocês vendem bicicletas?", false],
];

describe("updated answers match reworded questions in the chatbot's language", () => {
  it.each(IN_OTHER_LANGUAGES)("%s: %s / %s → %s", (language, stored, asked, same) => {
    expect(!!matchUpdatedAnswer(asked, [{ question: stored }], { languages: [language] })).toBe(same);
    expect(!!matchUpdatedAnswer(stored, [{ question: asked }], { languages: [language] })).toBe(same);
  });
});
