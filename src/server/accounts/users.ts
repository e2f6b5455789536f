import { randomBytes } from "node:crypto";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { hashPassword } from "@/server/access";
import { validationError } from "@/server/kernel/errors";
import { parseOrThrow } from "@/server/kernel/lib/validate";

export const createUserInput = z.object({
  email: z.email().transform((e) => e.toLowerCase()),
  name: z.string().trim().min(1).max(255),
  password: z.string().min(8).max(200).optional(),
});

/**
 * Creates a user, with a personal team unless `personalTeam: false` (someone
 * joining through an invitation works inside the workspace they were invited
 * to). Without a password one is generated and returned once.
 */
export async function createUser(db: Db, input: z.input<typeof createUserInput>, options: { personalTeam?: boolean } = {}) {
  const data = parseOrThrow(createUserInput, input);
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
