import { describe, expect, it } from "vitest";
import { answerKind, asksHowTo } from "@/server/kernel/language";
import { factQuestionsOf, saysFact } from "./fact-questions";
import { FACT_LANGUAGES, FACT_VOCABULARIES } from "./fact-vocabulary";

/** A task as a heading names it, per language. */
const TASKS: Record<string, string> = { en: "book a table", fr: "réserver une table", es: "reservar una mesa" };

const page = (headingPath: string, ...paragraphs: string[]) => [{ headingPath, content: paragraphs.join("\n\n") }];

describe("questions from a page's facts", () => {
  it("asks for each weekday's opening time stated, and for a closed day", () => {
    expect(factQuestionsOf(page("Opening hours", "Monday to Friday: 7am – 6pm", "Saturday: 8:30 – 13:00", "Sunday: closed"), "en")).toEqual([
      { question: "When are you open on Friday?", kind: "time", fact: "7am" },
      { question: "When are you open on Saturday?", kind: "time", fact: "8:30" },
      { question: "When are you open on Sunday?", kind: "time", fact: "closed" },
    ]);
    // In running text, under a heading that says nothing of opening: the sentence does.
    // A kind's first question before any kind's second.
    expect(factQuestionsOf(page("Visit", "Our shop at 12 Garden Street is open Monday to Saturday from 9am to 7pm and on Sunday from 10am to 2pm."), "en")).toEqual([
      { question: "When are you open on Saturday?", kind: "time", fact: "9am" },
      { question: "Where are you located?", kind: "place", fact: "12 Garden Street" },
      { question: "When are you open on Sunday?", kind: "time", fact: "10am" },
    ]);
    // A weekday and a time that are no opening hours ask nothing.
    expect(factQuestionsOf(page("Delivery", "Sunday deliveries must be ordered before 10am on Saturday."), "en")).toEqual([]);
  });

  it("asks what a priced thing costs, singular or plural, and skips amounts without a thing named", () => {
    expect(factQuestionsOf(page("Prices", "Delivery costs $6.95, and it is free for orders over $60.", "Croissants cost €1.80 each.", "Sourdough loaf: €4.50"), "en").map((q) => [q.question, q.fact])).toEqual([
      ["How much does delivery cost?", "$6.95"],
      ["How much do croissants cost?", "€1.80"],
      ["How much does sourdough loaf cost?", "€4.50"],
    ]);
    expect(factQuestionsOf(page("Prices", "A full groom costs forty euros."), "en")).toEqual([]);
  });

  it("asks for the phone number and e-mail address a page gives, and how to do what a heading names", () => {
    expect(factQuestionsOf(page("Contact", "Call us on 01225 555 0142 or write to hello@sunny.example."), "en").map((q) => [q.question, q.fact])).toEqual([
      ["What is your e-mail address?", "hello@sunny.example"],
      ["What is your phone number?", "01225 555 0142"],
    ]);
    expect(factQuestionsOf(page("How to return an item", "1. Pack the item in its original box with the receipt.", "2. Bring it to the shop."), "en")).toEqual([
      { question: "How do I return an item?", kind: "how_to", fact: "Pack the item in its original" },
    ]);
    // A bare amount or a year is no phone number.
    expect(factQuestionsOf(page("Contact", "Call us any time since 2012."), "en")).toEqual([]);
  });

  it("asks in the chatbot's language, and not at all in a language without a vocabulary", () => {
    expect(factQuestionsOf(page("Öffnungszeiten", "Montag bis Freitag von 8 Uhr bis 18 Uhr.", "Ein Brot kostet 4,50 €."), "de").map((q) => q.question)).toEqual(["Wann haben Sie am Freitag geöffnet?", "Was kostet Ein Brot?"]);
    expect(factQuestionsOf(page("Horaires", "Ouvert du lundi au samedi de 9h à 19h.", "Nous sommes au 5 rue de la Paix."), "fr").map((q) => [q.question, q.fact])).toEqual([
      ["Quand êtes-vous ouverts le samedi ?", "9h"],
      ["Quelle est votre adresse ?", "5 rue de la Paix"],
    ]);
    expect(factQuestionsOf(page("Opening hours", "Saturday: 8am – 1pm"), "fi")).toEqual([]);
  });

  it("keeps at most five questions per page", () => {
    const week = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"].map((d) => `${d}: 9am – 5pm`);
    expect(factQuestionsOf(page("Opening hours", ...week), "en")).toHaveLength(5);
  });

  it("asks every question so the answer rules read it as asking for that kind of fact", () => {
    for (const language of FACT_LANGUAGES) {
      const ask = FACT_VOCABULARIES[language]!.ask;
      expect(answerKind(ask.time(FACT_VOCABULARIES[language]!.days[5]!), language), language).toBe("time");
      expect(answerKind(ask.price("x", false), language), language).toBe("price");
      expect(answerKind(ask.price("x", true), language), language).toBe("price");
      expect(answerKind(ask.place, language), language).toBe("place");
      expect(answerKind(ask.phone, language), language).toBe("contact");
      expect(answerKind(ask.email, language), language).toBe("contact");
      if (ask.howTo) expect(asksHowTo(ask.howTo(TASKS[language]!), language), language).toBe(true);
    }
  });

  it("finds the fact in an answer whatever its spacing, case, dots or dashes", () => {
    expect(saysFact("We open at 9 a.m. on Saturdays.", "9am")).toBe(true);
    expect(saysFact("Call 01225-555-0142.", "01225 555 0142")).toBe(true);
    expect(saysFact("We are open on weekdays.", "8am")).toBe(false);
  });
});
