import { AGENCY_TEAM } from "@/server/access";
import { z } from "zod";
import type { Db } from "@/server/kernel/db/client";
import { AppError } from "@/server/kernel/errors";
import { parseOrThrow } from "@/server/kernel/lib/validate";
import { INTEGRATIONS } from "@/server/workspaces/integrations";

export const createAgencyInput = z.object({
  ownerEmail: z.email().transform((e) => e.toLowerCase()),
  name: z.string().trim().min(1).max(255),
  workspaceLimit: z.number().int().min(0).nullable().optional(),
  monthlyMessages: z.number().int().min(0).nullable().optional(),
});

/** An agency-plan team owned by an existing user. */
export async function createAgency(db: Db, input: z.input<typeof createAgencyInput>) {
  const data = parseOrThrow(createAgencyInput, input);
  const owner = await db.user.findUnique({ where: { email: data.ownerEmail } });
  if (!owner) throw new AppError("NOT_FOUND", `No user with email ${data.ownerEmail}.`);
  return db.$transaction(async (tx) => {
    const now = new Date();
    const agency = await tx.team.create({
      data: {
        name: data.name,
        ...AGENCY_TEAM,
        ownerId: owner.id,
        workspaceLimit: data.workspaceLimit ?? null,
        monthlyMessagePool: data.monthlyMessages ?? null,
        poolPeriodStartedAt: now,
        includedIntegrations: [...INTEGRATIONS],
      },
    });
    await tx.membership.create({ data: { teamId: agency.id, userId: owner.id, role: "admin" } });
    await tx.user.update({ where: { id: owner.id }, data: { currentTeamId: agency.id } });
    return agency;
  });
}
