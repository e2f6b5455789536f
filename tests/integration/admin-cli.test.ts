import { spawnSync } from "node:child_process";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { authenticateToken } from "@/server/access/api-tokens";
import { verifyPassword } from "@/server/access/password";
import type { Db } from "@/server/kernel/db/client";
import { createTestDatabase } from "../helpers/db";

/** The operator CLI as operators and scripts run it: a separate process with JSON on stdout. */
let db: Db;
let url: string;
beforeAll(async () => {
  ({ db, url } = await createTestDatabase());
});

function admin(...args: string[]) {
  const result = spawnSync(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/admin.ts", ...args], {
    env: { ...process.env, DATABASE_URL: url },
    encoding: "utf8",
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("admin CLI", () => {
  it("creates a user, an agency for them and a working token", async () => {
    const user = admin("users:create", "--email", "Ops@Example.test", "--name", "Olive Ops", "--password", "s3cret-pass");
    expect(user.status).toBe(0);
    const created = JSON.parse(user.stdout);
    expect(created.user).toMatchObject({ email: "ops@example.test", name: "Olive Ops" });
    expect(created.password).toBeUndefined();
    const row = await db.user.findUniqueOrThrow({ where: { email: "ops@example.test" } });
    expect(await verifyPassword("s3cret-pass", row.passwordHash!)).toBe(true);

    const agency = admin("agencies:create", "--owner-email", "ops@example.test", "--name", "Ops Agency", "--workspace-limit", "5", "--monthly-messages", "20000");
    expect(agency.status).toBe(0);
    expect(JSON.parse(agency.stdout).agency).toMatchObject({ name: "Ops Agency", plan: "agency", owner_id: row.id, workspace_limit: 5, monthly_message_pool: 20000 });

    const token = admin("tokens:create", "--email", "ops@example.test", "--name", "deploy");
    expect(token.status).toBe(0);
    const { token: value } = JSON.parse(token.stdout);
    expect((await authenticateToken(db, value))?.user.id).toBe(row.id);
  });

  it("generates and prints a password when none is given", () => {
    const result = admin("users:create", "--email", "nopass@example.test", "--name", "No Pass");
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout).password).toMatch(/^[\w-]{16}$/);
  });

  it.each([
    [["users:create", "--name", "X"], /missing required option --email/],
    [["users:create", "--email", "not-an-email", "--name", "X"], /email/],
    [["users:create", "--email", "ops@example.test", "--name", "Again"], /already exists/],
    [["agencies:create", "--owner-email", "nobody@example.test", "--name", "X"], /No user with email/],
    [["agencies:create", "--owner-email", "ops@example.test", "--name", "X", "--workspace-limit", "-3"], /workspace-limit/],
    [["tokens:create", "--email", "nobody@example.test"], /no user with email/],
    [["users:delete"], /unknown command users:delete/],
    [["users:create", "--email", "a@b.test", "--name", "X", "--bogus", "1"], /bogus/],
  ])("%j fails with a one-line reason", (args, reason) => {
    const result = admin(...args);
    expect(result.status).not.toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(reason);
  });
});
