import { z } from "zod";
import type { ApiToken } from "@/generated/prisma/client";
import { isoMicro, isoMicroOrNull } from "@/server/kernel/lib/timestamps";

/** An API token as the dashboard lists it (never the token itself). */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
});

export function serializeApiToken(t: Pick<ApiToken, "id" | "name" | "prefix" | "lastUsedAt" | "revokedAt" | "createdAt">): z.infer<typeof apiTokenSchema> {
  return {
    id: t.id,
    name: t.name,
    prefix: t.prefix,
    last_used_at: isoMicroOrNull(t.lastUsedAt),
    revoked_at: isoMicroOrNull(t.revokedAt),
    created_at: isoMicro(t.createdAt),
  };
}
