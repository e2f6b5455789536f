import { beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "@/server/transport/root";
import { authenticateToken } from "@/server/access/api-tokens";
import type { Db } from "@/server/kernel/db/client";
import { createTestDatabase } from "../helpers/db";
import { userWithToken } from "../helpers/fixtures";

describe("API tokens", () => {
  let db: Db;
  beforeAll(async () => {
    ({ db } = await createTestDatabase());
  });

  it("stores only the hash, authenticates, records last use, and stops working once revoked", async () => {
    const { user } = await userWithToken(db);
    const caller = createCaller({ db, user, via: "session", tokenId: null });
    const { token, api_token } = await caller.apiTokens.create({ name: "  CI  " });
    expect(api_token).toMatchObject({ name: "CI", last_used_at: null, revoked_at: null });
    expect(token.startsWith(api_token.prefix)).toBe(true);

    const row = await db.apiToken.findUniqueOrThrow({ where: { id: api_token.id } });
    expect(JSON.stringify(row)).not.toContain(token);

    const auth = await authenticateToken(db, token);
    expect(auth?.user.id).toBe(user.id);
    const listed = (await caller.apiTokens.list()).find((t) => t.id === api_token.id);
    expect(listed?.last_used_at).not.toBeNull();

    await caller.apiTokens.revoke({ id: api_token.id });
    expect(await authenticateToken(db, token)).toBeNull();
    expect((await caller.apiTokens.list()).find((t) => t.id === api_token.id)?.revoked_at).not.toBeNull();
  });

  it("rejects unknown and malformed tokens", async () => {
    expect(await authenticateToken(db, "acp_" + "x".repeat(43))).toBeNull();
    expect(await authenticateToken(db, "not-a-token")).toBeNull();
  });

  it("does not let a user revoke someone else's token", async () => {
    const a = await userWithToken(db);
    const b = await userWithToken(db);
    const callerB = createCaller({ db, user: b.user, via: "session", tokenId: null });
    await expect(callerB.apiTokens.revoke({ id: a.apiToken.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await authenticateToken(db, a.token)).not.toBeNull();
  });

  it("validates the token name", async () => {
    const { user } = await userWithToken(db);
    const caller = createCaller({ db, user, via: "session", tokenId: null });
    await expect(caller.apiTokens.create({ name: "   " })).rejects.toMatchObject({ code: "UNPROCESSABLE_CONTENT" });
  });
});
