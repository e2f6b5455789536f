import { TRPCError } from "@trpc/server";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { toAppError } from "@/server/kernel/errors";
import { createPrismaClient, poolOf, type Db } from "@/server/kernel/db/client";
import { freePort } from "@/server/kernel/db/embedded";
import { isDatabaseUnavailable } from "@/server/kernel/db/unavailable";
import { onCleanup } from "../helpers/cleanup";
import { createTestDatabase } from "../helpers/db";

/**
 * Which errors mean "the database is away" (docs/decisions/048-the-database-going-away.md): real errors from pg, Prisma and its pg adapter,
 * for a server that refuses connections and for a session the server ends, each answered 503 with
 * Retry-After; errors of the request or of our code stay what they are.
 */
let url: string;
let db: Db;

beforeAll(async () => {
  ({ url, db } = await createTestDatabase());
});

const caught = async (promise: Promise<unknown>) => promise.then(() => expect.unreachable("it should have failed"), (error: unknown) => error);

function expect503(error: unknown) {
  expect(isDatabaseUnavailable(error)).toBe(true);
  for (const thrown of [error, new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: error })]) {
    const app = toAppError(thrown);
    expect({ code: app.code, status: app.status, retryAfter: app.headers?.["Retry-After"] }).toEqual({ code: "SERVICE_UNAVAILABLE", status: 503, retryAfter: "5" });
  }
}

describe("a server that refuses connections", () => {
  let dead: Db;
  beforeAll(async () => {
    dead = createPrismaClient(`postgresql://postgres:postgres@127.0.0.1:${await freePort()}/nothing`);
    onCleanup(() => dead.$disconnect());
  });

  it("a Prisma query, a raw query, a transaction and the pg pool", async () => {
    expect503(await caught(dead.user.findFirst()));
    expect503(await caught(dead.$queryRaw`SELECT 1`));
    expect503(await caught(dead.$transaction(async (tx) => tx.user.count())));
    expect503(await caught(poolOf(dead).query("SELECT 1")));
  });
});

describe("a session the server ends (a restart: 57P01)", () => {
  async function terminateDuring(run: (victim: Db) => Promise<unknown>) {
    const victim = createPrismaClient(`${url}?application_name=victim`);
    onCleanup(() => victim.$disconnect());
    await victim.$queryRaw`SELECT 1`;
    const running = caught(run(victim));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      for (let i = 0; i < 50; i++) {
        const { rowCount } = await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'victim' AND state = 'active'");
        if (rowCount) break;
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await admin.end();
    }
    return running;
  }

  it("through Prisma and through the pg pool", async () => {
    expect503(await terminateDuring((victim) => victim.$queryRaw`SELECT pg_sleep(5)`));
    expect503(await terminateDuring((victim) => poolOf(victim).query("SELECT pg_sleep(5)")));
  });
});

describe("errors that are not the database going away", () => {
  it("stay what they are", async () => {
    const unique = await caught(db.user.create({ data: { email: "same@example.test", name: "A" } }).then(() => db.user.create({ data: { email: "same@example.test", name: "B" } })));
    const syntax = await caught(db.$queryRawUnsafe("SELEC 1"));
    const pooled = await caught(poolOf(db).query("SELECT 1/0"));
    for (const error of [unique, syntax, pooled, new Error("boom")]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
      expect(toAppError(error).code).toBe("INTERNAL");
    }
  });
});
