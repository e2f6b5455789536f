import type { Prisma } from "@/generated/prisma/client";
import { isTransactionDb, transactionAsDb, type Db } from "@/server/kernel/db/client";
import type { AuditAction } from "@/server/audit/actions";

/**
 * The audit log's one rule (docs/decisions/061-audit-log.md): a change and its
 * audit entries commit together, or neither does, on every transport. A
 * procedure that audits runs its change and its `recordAudit` calls inside
 * `auditedChange`; `recordAudit` refuses a handle that is not such a
 * transaction, so an entry written just after its change cannot come back.
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

/**
 * Runs `change` (the procedure's writes and their audit entries) in one
 * transaction: a REST request's own (idempotent writes already hold one) or a
 * new one. Work that must follow the commit (an e-mail, a cache sync) goes
 * after it returns.
 */
export async function auditedChange<T>(db: Db, change: (tx: Db) => Promise<T>): Promise<T> {
  if (isTransactionDb(db)) return change(db);
  return db.$transaction((tx) => change(transactionAsDb(tx)));
}

export async function recordAudit(db: Db, entry: AuditEntryInput): Promise<void> {
  if (!isTransactionDb(db)) throw new Error("An audit entry commits with its change: record it inside auditedChange(db, …)");
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

/**
 * A messaging channel connected to or disconnected from a chatbot (the channels
 * capability records each change with this, inside its `auditedChange`). The channel's credentials never: its kind and name.
 */
export function recordChannelChange(
  db: Db,
  entry: { agencyId: string | null; teamId: string | null; actor: AuditActor; connected: boolean; chatbot: { id: string; name: string }; channel: { id: string; kind: string; name?: string | null } },
): Promise<void> {
  const state = { chatbot_id: entry.chatbot.id, chatbot: entry.chatbot.name, kind: entry.channel.kind };
  return recordAudit(db, {
    agencyId: entry.agencyId,
    teamId: entry.teamId,
    actor: entry.actor,
    action: entry.connected ? "channel.connected" : "channel.disconnected",
    target: { type: "channel", id: entry.channel.id, name: entry.channel.name ?? entry.channel.kind },
    before: entry.connected ? null : state,
    after: entry.connected ? state : null,
  });
}

/** A chatbot created or deleted, in the log of its workspace's agency. */
export function recordChatbotChange(
  db: Db,
  entry: { actor: AuditActor; team: { id: string; kind: string; agencyId: string | null; name: string }; chatbot: { id: string; name: string }; created: boolean },
): Promise<void> {
  const state = { name: entry.chatbot.name, workspace: entry.team.name };
  return recordAudit(db, {
    agencyId: auditAgencyOf(entry.team),
    teamId: entry.team.id,
    actor: entry.actor,
    action: entry.created ? "chatbot.created" : "chatbot.deleted",
    target: { type: "chatbot", id: entry.chatbot.id, name: entry.chatbot.name },
    before: entry.created ? null : state,
    after: entry.created ? state : null,
  });
}

/** The agency whose owner reads a workspace's entries: the agency itself, or a client's agency (null: a team of no agency). */
export function auditAgencyOf(team: { id: string; kind: string; agencyId: string | null }): string | null {
  return team.kind === "agency" ? team.id : team.agencyId;
}

/** Where a change to a workspace's settings is logged: its agency's log (`auditAgencyOf`) under the workspace. */
export async function workspaceAuditScope(db: Db, teamId: string): Promise<{ agencyId: string | null; teamId: string; name: string }> {
  const team = await db.team.findUniqueOrThrow({ where: { id: teamId }, select: { id: true, kind: true, agencyId: true, name: true } });
  return { agencyId: auditAgencyOf(team), teamId: team.id, name: team.name };
}

/** Only the keys whose values differ, as `before` and `after` (null when nothing changed). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  if (!keys.length) return null;
  return { before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])), after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])) };
}
