import { z } from "zod";
import type { User } from "@/generated/prisma/client";
import { env } from "@/server/kernel/env";
import { isoMicro } from "@/server/kernel/lib/timestamps";

export const userSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    social_id: z.string().nullable(),
    social_type: z.string().nullable(),
    current_team_id: z.string().nullable(),
    profile_photo_path: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    avatar: z.string(),
    profile_photo_url: z.string(),
  })
  .meta({ id: "User" });

export type UserJson = z.infer<typeof userSchema>;

export function serializeUser(user: User): UserJson {
  const base = env().APP_URL;
  const photo = user.profilePhotoPath ? `${base}/storage/${user.profilePhotoPath}` : `${base}/api/avatars/${user.id}`;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    social_id: user.socialId,
    social_type: user.socialType,
    current_team_id: user.currentTeamId,
    profile_photo_path: user.profilePhotoPath,
    created_at: isoMicro(user.createdAt),
    updated_at: isoMicro(user.updatedAt),
    avatar: photo,
    profile_photo_url: photo,
  };
}
