import { describe, expect, it } from "vitest";
import { CHATBOT_ROLES, canEditChatbot, canViewContacts, effectiveRole, type ChatbotRole } from "./permissions";

describe("chatbot permissions (docs/decisions/008-roles-and-permissions.md)", () => {
  const table: Array<[ChatbotRole, boolean, boolean]> = [
    ["owner", true, true],
    ["admin", true, true],
    ["editor", true, true],
    ["member", false, false],
  ];

  it("covers every role", () => {
    expect(table.map(([role]) => role).sort()).toEqual([...CHATBOT_ROLES].sort());
  });

  it.each(table)("%s: edit %s, view contacts %s", (role, edit, contacts) => {
    expect(canEditChatbot(role)).toBe(edit);
    expect(canViewContacts(role)).toBe(contacts);
  });
});

describe("effectiveRole", () => {
  const none = { membershipRole: null, ownsTeam: false, ownsAgencyOfTeam: false } as const;

  it("is null without a membership or agency ownership (not visible)", () => {
    expect(effectiveRole(none)).toBeNull();
    // Owning a team row without being a member does not make its chatbots visible (the access layer's visible-teams rule agrees).
    expect(effectiveRole({ ...none, ownsTeam: true })).toBeNull();
  });

  it("is the membership role", () => {
    expect(effectiveRole({ ...none, membershipRole: "admin" })).toBe("admin");
    expect(effectiveRole({ ...none, membershipRole: "editor" })).toBe("editor");
    expect(effectiveRole({ ...none, membershipRole: "member" })).toBe("member");
  });

  it("makes the agency owner an owner, whatever their membership", () => {
    expect(effectiveRole({ ...none, ownsAgencyOfTeam: true })).toBe("owner");
    expect(effectiveRole({ ...none, membershipRole: "member", ownsAgencyOfTeam: true })).toBe("owner");
  });

  it("makes a member who owns the team an owner", () => {
    expect(effectiveRole({ membershipRole: "member", ownsTeam: true, ownsAgencyOfTeam: false })).toBe("owner");
  });
});
