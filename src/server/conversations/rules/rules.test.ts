import { describe, expect, it } from "vitest";
import { categoryOf, isExcludedTopic, sentimentOf } from "./classify";
import { asksForHuman, escalationReason, unansweredInARow } from "./escalation";
import { detectContact } from "./leads";
import { matchUpdatedAnswer, similarity } from "./updated-answer-match";
import { refusalFromReservation } from "./gate";

describe("lead detection", () => {
  it("finds e-mail addresses and phone numbers (local formats in the visitor's country, stored E.164)", () => {
    expect(detectContact("Mail me at Jane.Doe@Example.com please.", null)).toEqual({ email: "jane.doe@example.com", phone: null });
    expect(detectContact("call 030 1234567", "DE").phone).toBe("+49301234567");
    expect(detectContact("my number is +44 20 7946 0958", null).phone).toBe("+442079460958");
    expect(detectContact("I have 3 questions about order 12345", "US")).toEqual({ email: null, phone: null });
  });
});

describe("escalations", () => {
  it("recognises plain requests for a human", () => {
    for (const t of ["Can I talk to a human?", "I want to speak with a real person", "connect me to an agent please", "Is there a live agent?", "I need a human"]) {
      expect(asksForHuman(t), t).toBe(true);
    }
    for (const t of ["What are human resources hours?", "How do I become an agent of your brand?", "Opening hours?"]) expect(asksForHuman(t), t).toBe(false);
  });

  it("unanswered questions in a row reach the threshold; one escalation per conversation; only when enabled", () => {
    expect(unansweredInARow([true, false, null, false, false])).toBe(3);
    expect(unansweredInARow([false, true])).toBe(0);
    const base = { enabled: true, alreadyEscalated: false, message: "hmm", unansweredInARow: 3, threshold: 3 };
    expect(escalationReason(base)).toBe("unanswered_questions");
    expect(escalationReason({ ...base, unansweredInARow: 2 })).toBeNull();
    expect(escalationReason({ ...base, message: "talk to a human", unansweredInARow: 0 })).toBe("requested_human");
    expect(escalationReason({ ...base, alreadyEscalated: true })).toBeNull();
    expect(escalationReason({ ...base, enabled: false })).toBeNull();
  });
});

describe("classification", () => {
  it("sentiment of the visitor's message", () => {
    expect(sentimentOf("This is terrible, I am very angry")).toBe("negative");
    expect(sentimentOf("Great, thank you so much!")).toBe("positive");
    expect(sentimentOf("What time do you open?")).toBe("neutral");
  });

  it("category from the question's first keyword; excluded topics match on all their keywords", () => {
    expect(categoryOf("What about delivery times?")).toBe("Delivery");
    expect(categoryOf("hi!")).toBeNull();
    expect(isExcludedTopic("Can you give me legal advice on my contract?", "medical advice, legal advice")).toBe(true);
    expect(isExcludedTopic("Is the advice free?", "medical advice, legal advice")).toBe(false);
    expect(isExcludedTopic("anything", null)).toBe(false);
    // In the chatbot's language.
    expect(categoryOf("Wie lange dauert die Lieferung?", "de")).toBe("Lieferung");
    expect(isExcludedTopic("Können Sie mich rechtlich beraten?", "medizinische Beratung, rechtlich beraten", "de")).toBe(true);
  });
});

describe("updated answers", () => {
  const answers = [
    { question: "What are your opening hours?", suggestedAnswer: "9 to 5." },
    { question: "Do you ship abroad?", suggestedAnswer: "Yes." },
  ];
  it("a close paraphrase matches; another question does not", () => {
    expect(matchUpdatedAnswer("what are your opening hours", answers)?.suggestedAnswer).toBe("9 to 5.");
    expect(matchUpdatedAnswer("opening hours?", answers)?.suggestedAnswer).toBe("9 to 5.");
    expect(matchUpdatedAnswer("How much is a croissant?", answers)).toBeNull();
    expect(similarity("abc", "abc")).toBe(1);
    expect(similarity("", "abc")).toBe(0);
  });
});

describe("gate", () => {
  it("maps admission refusals", () => {
    expect(refusalFromReservation(null)).toBeNull();
    expect(refusalFromReservation("stopped")).toBe("workspace_stopped");
    expect(refusalFromReservation("no_credit")).toBe("no_credit");
  });
});
