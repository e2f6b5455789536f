import { beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "@/server/transport/root";
import type { Db } from "@/server/kernel/db/client";
import { verifyPassword } from "@/server/access/password";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, userWithToken } from "../helpers/fixtures";

/** Portal invitations: signed links, accepted once, by a new or an existing login. */
let db: Db;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
const anonymous = () => createCaller({ db, user: null, via: null, tokenId: null });
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  owner = await agencyOwner(db);
});

async function invite(email: string, role: "admin" | "editor" | "member" = "editor") {
  const caller = createCaller({ db, user: owner.user, via: "token", tokenId: null });
  const { client } = await caller.agencyClients.create({ name: `Workspace for ${email}` });
  const invitation = await caller.agencyClients.invite({ client_id: client.id, email, role });
  return { client, token: tokenOf(invitation.accept_url), invitation };
}

describe("invitations", () => {
  it("link on APP_URL, or on the agency's verified custom domain", async () => {
    const { invitation } = await invite("first@client.example");
    expect(invitation.accept_url).toMatch(/^http:\/\/localhost:\d+\/invitations\/accept\?token=/);
    await db.team.update({ where: { id: owner.agency.id }, data: { customDomain: "portal.agency.example", customDomainVerifiedAt: new Date() } });
    const caller = createCaller({ db, user: owner.user, via: "token", tokenId: null });
    const { client } = await caller.agencyClients.create({ name: "Branded" });
    const branded = await caller.agencyClients.invite({ client_id: client.id, email: "b@client.example" });
    expect(branded.accept_url).toMatch(/^https:\/\/portal\.agency\.example\/invitations\/accept\?token=/);
    await db.team.update({ where: { id: owner.agency.id }, data: { customDomainVerifiedAt: null } });
    const unverified = await caller.agencyClients.invite({ client_id: client.id, email: "c@client.example" });
    expect(unverified.accept_url).not.toContain("portal.agency.example");
  });

  it("a new person creates a login and joins with the invited role; the link then stops working", async () => {
    const { client, token } = await invite("new.person@client.example", "editor");
    const lookup = await anonymous().invitations.lookup({ token });
    expect(lookup).toEqual({ ok: true, invitation: { email: "new.person@client.example", role: "editor", team_name: client.name, has_account: false } });

    await expect(anonymous().invitations.accept({ token, password: "long-enough" })).rejects.toMatchObject({ code: "UNPROCESSABLE_CONTENT" });
    const accepted = await anonymous().invitations.accept({ token, name: "New Person", password: "long-enough" });
    expect(accepted).toMatchObject({ email: "new.person@client.example", team_id: client.id, role: "editor" });
    const user = await db.user.findUniqueOrThrow({ where: { email: "new.person@client.example" } });
    expect(await verifyPassword("long-enough", user.passwordHash!)).toBe(true);
    expect(await db.membership.findUnique({ where: { teamId_userId: { teamId: client.id, userId: user.id } } })).toMatchObject({ role: "editor" });

    expect(await anonymous().invitations.lookup({ token })).toMatchObject({ ok: false, reason: "used" });
    await expect(anonymous().invitations.accept({ token, name: "Again", password: "long-enough" })).rejects.toThrow(/already been used/);
  });

  it("an existing login must give its password", async () => {
    const existing = await userWithToken(db, "Existing");
    const { client, token } = await invite(existing.user.email, "member");
    expect((await anonymous().invitations.lookup({ token })).ok && (await anonymous().invitations.lookup({ token }))).toMatchObject({ invitation: { has_account: true } });
    await expect(anonymous().invitations.accept({ token, password: "wrong-password" })).rejects.toMatchObject({ code: "UNPROCESSABLE_CONTENT" });
    await anonymous().invitations.accept({ token, password: "password-123" });
    expect(await db.membership.findUnique({ where: { teamId_userId: { teamId: client.id, userId: existing.user.id } } })).toMatchObject({ role: "member" });
  });

  it("refuses tampered, malformed and expired links", async () => {
    const { token } = await invite("t@client.example");
    const [payload, signature] = token.split(".") as [string, string];
    const forged = Buffer.from(JSON.stringify({ i: "00000000-0000-0000-0000-000000000000", e: 4102444800 })).toString("base64url");
    expect(await anonymous().invitations.lookup({ token: `${forged}.${signature}` })).toMatchObject({ ok: false, reason: "tampered" });
    expect(await anonymous().invitations.lookup({ token: "garbage" })).toMatchObject({ ok: false, reason: "malformed" });
    await db.invitation.updateMany({ where: { email: "t@client.example" }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await anonymous().invitations.lookup({ token: `${payload}.${signature}` })).toMatchObject({ ok: false, reason: "expired" });
  });
});
