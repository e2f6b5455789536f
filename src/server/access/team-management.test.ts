import { describe, expect, it } from "vitest";
import { canManageTeam, invitationState, memberChangeRefusal, type MemberChange } from "./team-management";

const base: MemberChange = {
  actorUserId: "a",
  targetUserId: "b",
  targetRole: "editor",
  newRole: "member",
  adminCount: 2,
  hasAgencyOwner: false,
  teamOwnerId: "owner",
};

describe("team management rules", () => {
  it("lets owners and admins manage the team, not editors or members", () => {
    expect(["owner", "admin", "editor", "member"].map((r) => canManageTeam(r as never))).toEqual([true, true, false, false]);
  });

  it("allows an ordinary change", () => {
    expect(memberChangeRefusal(base)).toBeNull();
  });

  it("refuses changing or removing yourself", () => {
    expect(memberChangeRefusal({ ...base, targetUserId: "a" })).toMatch(/your own role/);
    expect(memberChangeRefusal({ ...base, targetUserId: "a", newRole: null })).toMatch(/remove yourself/);
  });

  it("keeps the last admin of a workspace without an agency", () => {
    const lastAdmin = { ...base, targetRole: "admin" as const, adminCount: 1 };
    expect(memberChangeRefusal({ ...lastAdmin, newRole: "editor" })).toMatch(/at least one admin/);
    expect(memberChangeRefusal({ ...lastAdmin, newRole: null })).toMatch(/at least one admin/);
    expect(memberChangeRefusal({ ...lastAdmin, newRole: "admin" })).toBeNull();
    expect(memberChangeRefusal({ ...lastAdmin, adminCount: 2, newRole: null })).toBeNull();
    expect(memberChangeRefusal({ ...lastAdmin, hasAgencyOwner: true, newRole: null })).toBeNull();
  });

  it("never removes the owner of a personal or agency team", () => {
    expect(memberChangeRefusal({ ...base, targetUserId: "owner", newRole: null })).toMatch(/owner of this team/);
  });

  it("names the state of an invitation", () => {
    const now = new Date("2026-01-10T00:00:00Z");
    const later = new Date("2026-01-11T00:00:00Z");
    const earlier = new Date("2026-01-09T00:00:00Z");
    expect(invitationState({ acceptedAt: null, revokedAt: null, expiresAt: later }, now)).toBe("pending");
    expect(invitationState({ acceptedAt: null, revokedAt: null, expiresAt: earlier }, now)).toBe("expired");
    expect(invitationState({ acceptedAt: null, revokedAt: earlier, expiresAt: later }, now)).toBe("revoked");
    expect(invitationState({ acceptedAt: earlier, revokedAt: null, expiresAt: later }, now)).toBe("accepted");
  });
});
