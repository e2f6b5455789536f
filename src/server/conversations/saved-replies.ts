/**
 * A workspace's saved replies (docs/decisions/121-the-inbox-for-a-support-team.md): listed, created,
 * changed and deleted by the workspace's team; offered in the inbox's reply box with their variables
 * filled for the open conversation. Services take the already-checked team id.
 */
import { z } from "zod";
import { Prisma, type SavedReply } from "@/generated/prisma/client";
import { auditedChange, recordAudit, workspaceAuditScope, type AuditActor } from "@/server/audit";
import type { Db } from "@/server/kernel/db/client";
import { AppError } from "@/server/kernel/errors";
import { isUuid } from "@/server/kernel/lib/ids";
import { fillSavedReply, firstName, SAVED_REPLY_BODY_MAX, SAVED_REPLY_VARIABLES, SHORTCUT_PATTERN, unknownVariables } from "./rules/saved-replies";

const shortcut = z
  .string()
  .trim()
  .transform((s) => s.replace(/^\//, ""))
  .pipe(z.string().regex(SHORTCUT_PATTERN, "The shortcut must be 1–40 lowercase letters, digits or dashes (typed after /), starting with a letter or digit."))
  .meta({ description: "Typed after `/` in the reply box: lowercase letters, digits and dashes (a leading `/` is dropped)", example: "refund" });
const body = z
  .string()
  .trim()
  .min(1, "The body must not be empty.")
  .max(SAVED_REPLY_BODY_MAX)
  .meta({ description: `The reply's text; may use the variables ${SAVED_REPLY_VARIABLES.map((v) => `{${v}}`).join(", ")}` });

export const savedReplyCreateInput = z.object({ shortcut, body });
export const savedReplyPatchInput = z.object({ shortcut: shortcut.optional(), body: body.optional() });

export const savedReplySchema = z
  .object({ id: z.string(), team_id: z.string(), shortcut: z.string(), body: z.string(), created_at: z.string(), updated_at: z.string() })
  .meta({ id: "SavedReply" });

const serialize = (r: SavedReply): z.output<typeof savedReplySchema> => ({
  id: r.id,
  team_id: r.teamId,
  shortcut: r.shortcut,
  body: r.body,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const notFound = () => new AppError("NOT_FOUND", "Saved reply not found.");

/** An unknown `{variable}` is the caller's mistake in the body: 400 naming the field and the variables known. */
function checkVariables(text: string | undefined) {
  const unknown = text === undefined ? [] : unknownVariables(text);
  if (unknown.length === 0) return;
  const names = unknown.map((n) => `{${n}}`).join(", ");
  const message = `The body uses ${unknown.length === 1 ? "an unknown variable" : "unknown variables"} ${names}; known: ${SAVED_REPLY_VARIABLES.map((v) => `{${v}}`).join(", ")}.`;
  throw new AppError("BAD_REQUEST", message, { errors: { body: [message] } });
}

/** A shortcut already used in the workspace: 409 naming the field. */
async function uniqueShortcut<T>(taken: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const message = `The shortcut /${taken} is already used in this workspace.`;
      throw new AppError("CONFLICT", message, { errors: { shortcut: [message] } });
    }
    throw error;
  }
}

export async function listSavedReplies(db: Db, teamId: string) {
  const rows = await db.savedReply.findMany({ where: { teamId }, orderBy: [{ shortcut: "asc" }] });
  return rows.map(serialize);
}

/** Saved replies are a workspace setting: each change commits with its entry in the workspace's audit log. */
async function auditSavedReply(tx: Db, actor: AuditActor, action: "saved_reply.created" | "saved_reply.updated" | "saved_reply.deleted", before: SavedReply | null, after: SavedReply | null) {
  const reply = (after ?? before)!;
  const state = (r: SavedReply | null) => (r ? { shortcut: r.shortcut, body: r.body } : null);
  const scope = await workspaceAuditScope(tx, reply.teamId);
  await recordAudit(tx, {
    agencyId: scope.agencyId,
    teamId: scope.teamId,
    actor,
    action,
    target: { type: "saved_reply", id: reply.id, name: `/${reply.shortcut}` },
    before: state(before),
    after: state(after),
  });
}

export async function createSavedReply(db: Db, teamId: string, actor: AuditActor & { userId: string }, input: z.output<typeof savedReplyCreateInput>) {
  checkVariables(input.body);
  const created = await uniqueShortcut(input.shortcut, () =>
    auditedChange(db, async (tx) => {
      const row = await tx.savedReply.create({ data: { teamId, createdBy: actor.userId, shortcut: input.shortcut, body: input.body } });
      await auditSavedReply(tx, actor, "saved_reply.created", null, row);
      return row;
    }),
  );
  return serialize(created);
}

async function savedReplyOf(db: Db, teamId: string, id: string) {
  const found = isUuid(id) ? await db.savedReply.findFirst({ where: { id, teamId } }) : null;
  if (!found) throw notFound();
  return found;
}

export async function updateSavedReply(db: Db, teamId: string, actor: AuditActor, id: string, patch: z.output<typeof savedReplyPatchInput>) {
  checkVariables(patch.body);
  const before = await savedReplyOf(db, teamId, id);
  const shortcutTaken = patch.shortcut ?? "";
  const updated = await uniqueShortcut(shortcutTaken, () =>
    auditedChange(db, async (tx) => {
      const row = await tx.savedReply.update({ where: { id }, data: { ...patch, updatedAt: new Date() } });
      if (row.shortcut !== before.shortcut || row.body !== before.body) await auditSavedReply(tx, actor, "saved_reply.updated", before, row);
      return row;
    }),
  );
  return serialize(updated);
}

export async function deleteSavedReply(db: Db, teamId: string, actor: AuditActor, id: string) {
  const before = await savedReplyOf(db, teamId, id);
  await auditedChange(db, async (tx) => {
    await tx.savedReply.delete({ where: { id } });
    await auditSavedReply(tx, actor, "saved_reply.deleted", before, null);
  });
}

/**
 * The inbox's reply box: the chatbot's workspace's saved replies with their variables filled for one
 * conversation (the visitor's name from their lead, if they left one) and the agent who types.
 */
export async function savedRepliesFor(db: Db, chatbot: { id: string; teamId: string; name: string }, conversationId: string, agent: { name: string | null }) {
  const conversation = isUuid(conversationId) ? await db.conversation.findFirst({ where: { id: conversationId, chatbotId: chatbot.id }, select: { visitorId: true } }) : null;
  if (!conversation) throw new AppError("NOT_FOUND", "Conversation not found.");
  const [replies, lead] = await Promise.all([
    db.savedReply.findMany({ where: { teamId: chatbot.teamId }, orderBy: [{ shortcut: "asc" }] }),
    db.contact.findFirst({ where: { chatbotId: chatbot.id, visitorId: conversation.visitorId }, orderBy: { createdAt: "asc" }, select: { firstName: true, lastName: true } }),
  ]);
  const values = {
    visitor_first_name: lead?.firstName ?? null,
    visitor_name: lead ? `${lead.firstName} ${lead.lastName}` : null,
    chatbot_name: chatbot.name,
    agent_first_name: firstName(agent.name),
    agent_name: agent.name,
  };
  return replies.map((r) => ({ id: r.id, shortcut: r.shortcut, body: r.body, text: fillSavedReply(r.body, values) }));
}
