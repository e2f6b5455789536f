import { describe, expect, it } from "vitest";
import { buildChatMessages } from "./prompt";

const settings = { systemPrompt: "You are Bakery Bot.", goalsPrompt: "Sell bread.", userPrompt: null, historyCount: 2, defaultAnswer: "I don't know.", language: "de" };
const passages = [
  { chunkId: "c1", sourceId: "s1", url: "https://b.example/hours", title: "Hours", headingPath: "Visit > Hours", content: "Open 8-18.", score: 2 },
  { chunkId: "c2", sourceId: "s2", url: null, title: "Notes", headingPath: "", content: "Closed on holidays.", score: 1 },
];

describe("buildChatMessages", () => {
  it("system prompt, goals, numbered passages with titles and URLs, the last history_count messages, then the question", () => {
    const history = [
      { role: "user" as const, content: "old question" },
      { role: "assistant" as const, content: "old answer" },
      { role: "user" as const, content: "recent question" },
      { role: "assistant" as const, content: "recent answer" },
    ];
    const messages = buildChatMessages({ settings, passages, history, question: "When are you open?", mode: "sources" });
    expect(messages[0]!.role).toBe("system");
    expect(messages[0]!.content).toContain("You are Bakery Bot.");
    expect(messages[0]!.content).toContain("Sell bread.");
    expect(messages[0]!.content).toContain("[1] Hours (https://b.example/hours)\nVisit > Hours\nOpen 8-18.");
    expect(messages[0]!.content).toContain("[2] Notes\nClosed on holidays.");
    expect(messages[0]!.content).toContain("I don't know.");
    expect(messages.slice(1)).toEqual([
      { role: "user", content: "recent question" },
      { role: "assistant", content: "recent answer" },
      { role: "user", content: "When are you open?" },
    ]);
  });

  it("applies user_prompt around the question, and history_count 0 sends no history", () => {
    const withTemplate = buildChatMessages({ settings: { ...settings, historyCount: 0, userPrompt: "Answer politely: {question}" }, passages, history: [{ role: "user", content: "x" }], question: "Hi?", mode: "sources" });
    expect(withTemplate.slice(1)).toEqual([{ role: "user", content: "Answer politely: Hi?" }]);
    const prefixed = buildChatMessages({ settings: { ...settings, userPrompt: "Be brief." }, passages, history: [], question: "Hi?", mode: "sources" });
    expect(prefixed.at(-1)!.content).toBe("Be brief.\n\nHi?");
  });

  it("fallback mode carries no sources", () => {
    const messages = buildChatMessages({ settings, passages: [], history: [], question: "Capital of France?", mode: "fallback" });
    expect(messages[0]!.content).not.toContain("Sources:");
    expect(messages[0]!.content).toContain("general knowledge");
  });

  it("asks for the answer in the visitor's language, the chatbot's language when it cannot tell, and the default answer word for word", () => {
    for (const mode of ["sources", "fallback"] as const) {
      const system = buildChatMessages({ settings, passages, history: [], question: "Wann habt ihr offen?", mode })[0]!.content;
      expect(system).toContain("Write your answer in the language of the visitor's question, even when the sources are in another language.");
      expect(system).toContain("If you cannot tell the question's language, write in German.");
    }
    const sources = buildChatMessages({ settings, passages, history: [], question: "Hi?", mode: "sources" })[0]!.content;
    expect(sources).toContain("reply exactly, without translating it: I don't know.");
    // A code stored before the languages were narrowed names itself.
    expect(buildChatMessages({ settings: { ...settings, language: "pl" }, passages, history: [], question: "Hi?", mode: "sources" })[0]!.content).toContain("write in pl.");
  });
});
