import { describe, expect, it } from "vitest";
import { agentCreationRefusal, PERSONAL_TEAM_REFUSAL } from "./agent-creation";

describe("agent creation", () => {
  it.each([
    [{ status: "active", chatbotLimit: null }, 50, null],
    [{ status: "paused", chatbotLimit: 2 }, 1, null],
    [{ status: "active", chatbotLimit: 2 }, 2, "The workspace's chatbot_limit (2) is reached."],
    [{ status: "active", chatbotLimit: 0 }, 0, "The workspace's chatbot_limit (0) is reached."],
    [{ status: "suspended", chatbotLimit: null }, 0, "The workspace is suspended: new agents cannot be created until it is resumed."],
    [{ status: "active", chatbotLimit: null, kind: "personal" }, 0, PERSONAL_TEAM_REFUSAL],
    [{ status: "active", chatbotLimit: null, kind: "client" }, 0, null],
    [{ status: "active", chatbotLimit: null, kind: "agency" }, 0, null],
    [{ status: "active", chatbotLimit: null, kind: "client", archivedAt: new Date() }, 0, "The workspace is archived: restore it before creating agents."],
  ])("%j with %i agents → %s", (workspace, count, expected) => {
    expect(agentCreationRefusal(workspace, count)).toBe(expected);
  });
});
