import { describe, expect, it } from "vitest";
import { groupQuestions, keywords, normalizeQuestion, stem } from "@/server/analytics/question-themes";

describe("normalizeQuestion / keywords / stem", () => {
  it("lower-cases, drops punctuation and accents", () => {
    expect(normalizeQuestion("  Do you deliver on SUNDAYS?! ")).toBe("do you deliver on sundays");
    expect(normalizeQuestion("Café — what's open?")).toBe("cafe whats open");
  });

  it("makes plural and verb forms meet", () => {
    expect(stem("deliveries")).toBe(stem("delivery"));
    expect(stem("delivery")).toBe("deliver");
    expect(stem("orders")).toBe("order");
    expect(stem("tracking")).toBe("track");
    expect(stem("hours")).toBe("hour");
    expect(stem("sundays")).toBe("sunday");
    expect(stem("address")).toBe("address");
    expect(stem("status")).toBe("status");
  });

  it("keeps content words only", () => {
    expect([...keywords("How can I track my order?").keys()]).toEqual(["track", "order"]);
    expect([...keywords("Thanks, that is great!").keys()]).toEqual([]);
    expect(keywords("What are your opening hours?").get("open")).toBe("opening");
  });
});

describe("groupQuestions", () => {
  const questions = [
    { text: "Do you offer same-day delivery?", count: 6 },
    { text: "How much is delivery?", count: 4 },
    { text: "Do you deliver to hospitals?", count: 2 },
    { text: "What are the delivery fees?", count: 1 },
    { text: "How can I track my order?", count: 5 },
    { text: "Where is my order?", count: 2 },
    { text: "Can I cancel my order?", count: 1 },
    { text: "What are your opening hours?", count: 3 },
    { text: "Are you open on public holidays?", count: 1 },
    { text: "Thanks!", count: 9 },
  ];

  it("groups by the dominant shared keyword with summary, frequency and up to three examples", () => {
    expect(groupQuestions(questions)).toEqual([
      {
        theme: "Delivery",
        summary_question: "Do you offer same-day delivery?",
        frequency: 13,
        examples: ["How much is delivery?", "Do you deliver to hospitals?", "What are the delivery fees?"],
      },
      {
        theme: "Order", // "track" is in one question only: not a shared word
        summary_question: "How can I track my order?",
        frequency: 8,
        examples: ["Where is my order?", "Can I cancel my order?"],
      },
      {
        theme: "Opening",
        summary_question: "What are your opening hours?",
        frequency: 4,
        examples: ["Are you open on public holidays?"],
      },
    ]);
  });

  it("merges questions that differ only in case and punctuation, counting every ask", () => {
    const themes = groupQuestions([
      { text: "Track my order", count: 1 },
      { text: "track my order!", count: 3 },
      { text: "TRACK MY ORDER", count: 1 },
    ]);
    expect(themes).toEqual([{ theme: "Track order", summary_question: "track my order!", frequency: 5, examples: [] }]);
  });

  it("is deterministic whatever the input order, and keeps the most frequent themes", () => {
    const reversed = groupQuestions([...questions].reverse());
    expect(reversed).toEqual(groupQuestions(questions));
    expect(groupQuestions(questions, 1).map((t) => t.theme)).toEqual(["Delivery"]);
  });

  it("gives no themes for no questions, pleasantries only or zero counts", () => {
    expect(groupQuestions([])).toEqual([]);
    expect(groupQuestions([{ text: "ok thanks", count: 3 }, { text: "?!", count: 1 }])).toEqual([]);
    expect(groupQuestions([{ text: "Where is my order?", count: 0 }])).toEqual([]);
  });
});

describe("groupQuestions in the chatbot's language", () => {
  it("reads Spanish questions with Spanish stop words, question words and stems", () => {
    expect([...keywords("¿Cuánto cuesta el envío a Madrid?", "es").values()]).toEqual(["envío", "madrid"]);
    const themes = groupQuestions(
      [
        { text: "¿Cuánto cuesta el envío?", count: 3 },
        { text: "¿Cuándo llega mi envío?", count: 2 },
        { text: "¿Hacen envíos a Canarias?", count: 1 },
        { text: "¿Cuál es el horario de la tienda?", count: 2 },
      ],
      10,
      "es",
    );
    expect(themes.map((t) => [t.theme, t.frequency])).toEqual([
      ["Envío", 6],
      ["Horario tienda", 2],
    ]);
  });

  it("meets French and German inflections on one theme, and drops their question framing", () => {
    const fr = groupQuestions(
      [
        { text: "Comment suivre ma commande ?", count: 2 },
        { text: "Où en sont mes commandes ?", count: 1 },
        { text: "Bonjour, merci !", count: 4 },
      ],
      10,
      "fr",
    );
    expect(fr.map((t) => [t.theme, t.frequency])).toEqual([["Commande", 3]]);
    const de = groupQuestions(
      [
        { text: "Wie lange dauert die Lieferung?", count: 2 },
        { text: "Wann kommen meine Lieferungen an?", count: 1 },
      ],
      10,
      "de",
    );
    expect(de.map((t) => [t.theme, t.frequency])).toEqual([["Lieferung", 3]]);
  });

  it("keeps English (and a chatbot without a language) on the English rules", () => {
    const english = [
      { text: "Where is my delivery?", count: 2 },
      { text: "How long do deliveries take?", count: 1 },
      { text: "What are your opening hours?", count: 1 },
    ];
    expect(groupQuestions(english, 10, "en")).toEqual(groupQuestions(english));
    expect(groupQuestions(english, 10, null)).toEqual(groupQuestions(english));
    expect(groupQuestions(english, 10, "en-GB").map((t) => t.theme)).toEqual(["Delivery", "Opening hours"]);
  });
});

