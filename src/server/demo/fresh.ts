import { verifyPassword } from "@/server/access";
import type { Db } from "@/server/kernel/db/client";
import { DEMO_OWNER } from "@/server/demo/seed";

/**
 * Whether the sign-in page may show the demo login: only on a fresh
 * demo install, i.e. while the demo owner still signs in with the published
 * password. Once it is changed (or the demo was never seeded) the page keeps
 * quiet. Checked at most every 30 s: a password hash is slow on purpose.
 */
let cached: { at: number; fresh: boolean } | undefined;

export async function isFreshDemoInstall(db: Db): Promise<boolean> {
  if (cached && Date.now() - cached.at < 30_000) return cached.fresh;
  const owner = await db.user.findUnique({ where: { email: DEMO_OWNER.email }, select: { passwordHash: true } });
  const fresh = Boolean(owner?.passwordHash && (await verifyPassword(DEMO_OWNER.password, owner.passwordHash)));
  cached = { at: Date.now(), fresh };
  return fresh;
}

/** Forgets the cached answer (after the demo owner's password changes, and in tests). */
export function forgetDemoFreshness(): void {
  cached = undefined;
}
