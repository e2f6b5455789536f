import { describe, expect, it } from "vitest";
import { agentCreationRefusal } from "./agent-creation";

describe("agent creation", () => {
  it.each([
    [{ status: "active", chatbotLimit: null }, 50, null],
    [{ status: "paused", chatbotLimit: 2 }, 1, null],
    [{ status: "active", chatbotLimit: 2 }, 2, "The workspace's chatbot_limit (2) is reached."],
    [{ status: "active", chatbotLimit: 0 }, 0, "The workspace's chatbot_limit (0) is reached."],
    [{ status: "suspended", chatbotLimit: null }, 0, "The workspace is suspended: new agents cannot be created until it is resumed."],
  ])("%j with %i agents → %s", (workspace, count, expected) => {
    expect(agentCreationRefusal(workspace, count)).toBe(expected);
  });
});
