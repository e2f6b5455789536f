import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { TeamKind } from "@/generated/prisma/enums";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { findChatbotAccess } from "@/server/access/chatbots";
import { chatbotReaders } from "@/server/access/readers";
import { roleIn, visibleTeamSql, visibleTeamsWhere } from "@/server/access/roles";
import { createTestDatabase } from "../helpers/db";

/**
 * Who may read a chatbot is decided by one rule, `roleIn` (access/roles.ts,
 * record 007). Every other form of it is held to it here on random worlds —
 * a team with an owner, maybe an agency (of any kind and plan), memberships
 * of any role, maybe deleted: the facts read per request
 * (`findChatbotAccess`), the list of the people who may read the chatbot
 * (`chatbotReaders`: the inbox's assignees), the SQL condition of hot lists
 * (`visibleTeamSql`) and the Prisma `where` (`visibleTeamsWhere`).
 */
const ROLES = ["admin", "editor", "member"] as const;
const USERS = 4;

let db: Db;
let users: string[];
beforeAll(async () => {
  ({ db } = await createTestDatabase());
  users = [];
  for (let i = 0; i < USERS; i++) users.push((await db.user.create({ data: { name: `User ${i}`, email: `user-${i}@visibility.test` } })).id);
});

const worldArb = fc.record({
  teamOwner: fc.nat({ max: USERS - 1 }),
  teamKind: fc.constantFrom<TeamKind>("client", "personal", "agency"),
  agency: fc.option(fc.record({ owner: fc.nat({ max: USERS - 1 }), kind: fc.constantFrom<TeamKind>("agency", "agency", "personal", "client"), plan: fc.constantFrom("agency", "agency", "free") }), { nil: null }),
  memberships: fc.array(fc.option(fc.constantFrom(...ROLES), { nil: null }), { minLength: USERS, maxLength: USERS }),
  // Now and then a deleted team: nobody reads its chatbots.
  deleted: fc.constantFrom(false, false, false, true),
});

describe("every form of the visibility rule is roleIn", () => {
  it("on random teams, agencies and memberships", async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(worldArb, async (w) => {
        n++;
        const agency = w.agency
          ? await db.team.create({ data: { name: `A${n}`, kind: w.agency.kind, plan: w.agency.plan, ownerId: users[w.agency.owner]! } })
          : null;
        const team = await db.team.create({
          data: { name: `T${n}`, kind: w.teamKind, ownerId: users[w.teamOwner]!, agencyId: agency?.id ?? null, deletedAt: w.deleted ? new Date() : null },
        });
        const roles = w.memberships.flatMap((role, i) => (role ? [{ teamId: team.id, userId: users[i]!, role }] : []));
        await db.membership.createMany({ data: roles });
        const bot = await db.chatbot.create({ data: { teamId: team.id, userId: users[0]!, name: `Bot ${n}` } });

        const readers = new Set((await chatbotReaders(db, bot.id)).map((r) => r.id));
        const label = JSON.stringify(w);
        for (const [i, userId] of users.entries()) {
          const role = w.deleted
            ? null
            : roleIn(userId, {
                ownerId: team.ownerId,
                agency: agency && { ownerId: agency.ownerId, kind: agency.kind, plan: agency.plan },
                memberships: w.memberships[i] ? [{ role: w.memberships[i] }] : [],
              });
          const who = `${label} user ${i}`;
          expect((await findChatbotAccess(db, userId, bot.id))?.role ?? null, who).toBe(role);
          expect(readers.has(userId), who).toBe(role !== null);
          const { rows } = await poolOf(db).query<{ visible: boolean }>(`SELECT ${visibleTeamSql("t", 2)} AS visible FROM teams t WHERE t.id = $1::uuid`, [team.id, userId]);
          expect(rows[0]!.visible, who).toBe(role !== null);
          expect((await db.team.count({ where: { id: team.id, ...visibleTeamsWhere(userId) } })) === 1, who).toBe(role !== null);
        }
      }),
      { seed: 20261207, numRuns: 60 },
    );
  });
});
