import type { Prisma } from "@/generated/prisma/client";
import type { Db, Tx } from "@/server/kernel/db/client";
import type { AuditAction } from "@/server/audit/actions";

/**
 * Appends one entry to the audit log (docs/decisions/061-audit-log.md). Called
 * with the caller's database handle: inside a REST request's transaction it
 * commits with the change it records.
 */
export interface AuditActor {
  userId: string | null;
  tokenId: string | null;
  name: string;
}

/** The actor of a procedure call: the signed-in user, or the user behind the API token. */
export function actorOf(ctx: { user: { id: string; name: string | null; email: string }; via: "token" | "session" | null; tokenId: string | null }): AuditActor {
  return { userId: ctx.user.id, tokenId: ctx.via === "token" ? ctx.tokenId : null, name: ctx.user.name || ctx.user.email };
}

export interface AuditEntryInput {
  agencyId: string | null;
  teamId: string | null;
  actor: AuditActor;
  action: AuditAction;
  target: { type: string; id: string | null; name?: string | null };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

const json = (value: Record<string, unknown> | null | undefined) => (value ? (value as Prisma.InputJsonValue) : undefined);

export async function recordAudit(db: Db | Tx, entry: AuditEntryInput): Promise<void> {
  await db.auditEntry.create({
    data: {
      agencyId: entry.agencyId,
      teamId: entry.teamId,
      actorType: entry.actor.tokenId ? "api_token" : entry.actor.userId ? "user" : "system",
      actorUserId: entry.actor.userId,
      actorTokenId: entry.actor.tokenId,
      actorName: entry.actor.name,
      action: entry.action,
      targetType: entry.target.type,
      targetId: entry.target.id,
      targetName: entry.target.name ?? null,
      before: json(entry.before),
      after: json(entry.after),
    },
  });
}

/** Only the keys whose values differ, as `before` and `after` (null when nothing changed). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  if (!keys.length) return null;
  return { before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])), after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])) };
}
