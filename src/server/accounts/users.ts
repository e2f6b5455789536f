import { randomBytes } from "node:crypto";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { hashPassword } from "@/server/access/password";
import { AppError, validationError } from "@/server/kernel/errors";
import { zodFieldErrors } from "@/shared/zod-errors";
import { INTEGRATIONS } from "@/server/workspaces/integrations";

export const createUserInput = z.object({
  email: z.email().transform((e) => e.toLowerCase()),
  name: z.string().trim().min(1).max(255),
  password: z.string().min(8).max(200).optional(),
});

function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(zodFieldErrors(result.error));
  return result.data;
}

/**
 * Creates a user, with a personal team unless `personalTeam: false` (someone
 * joining through an invitation works inside the workspace they were invited
 * to). Without a password one is generated and returned once.
 */
export async function createUser(db: Db, input: z.input<typeof createUserInput>, options: { personalTeam?: boolean } = {}) {
  const data = parse(createUserInput, input);
  const password = data.password ?? randomBytes(12).toString("base64url");
  const passwordHash = await hashPassword(password);
  try {
    const user = await db.$transaction(async (tx) => {
      const user = await tx.user.create({ data: { email: data.email, name: data.name, passwordHash } });
      if (options.personalTeam === false) return user;
      const team = await tx.team.create({ data: { name: `${data.name}'s team`, kind: "personal", ownerId: user.id } });
      await tx.membership.create({ data: { teamId: team.id, userId: user.id, role: "admin" } });
      return tx.user.update({ where: { id: user.id }, data: { currentTeamId: team.id } });
    });
    return { user, generatedPassword: data.password ? undefined : password };
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw validationError({ email: ["A user with this email already exists."] });
    }
    throw error;
  }
}

export const createAgencyInput = z.object({
  ownerEmail: z.email().transform((e) => e.toLowerCase()),
  name: z.string().trim().min(1).max(255),
  workspaceLimit: z.number().int().min(0).nullable().optional(),
  monthlyMessages: z.number().int().min(0).nullable().optional(),
});

/** An agency-plan team owned by an existing user. */
export async function createAgency(db: Db, input: z.input<typeof createAgencyInput>) {
  const data = parse(createAgencyInput, input);
  const owner = await db.user.findUnique({ where: { email: data.ownerEmail } });
  if (!owner) throw new AppError("NOT_FOUND", `No user with email ${data.ownerEmail}.`);
  return db.$transaction(async (tx) => {
    const now = new Date();
    const agency = await tx.team.create({
      data: {
        name: data.name,
        kind: "agency",
        plan: "agency",
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
