import { randomBytes } from "node:crypto";
import type { Db } from "@/server/kernel/db/client";
import { createApiToken } from "@/server/access/api-tokens";
import { createUser } from "@/server/accounts/users";
import { createAgency } from "@/server/workspaces/agencies";

const unique = () => randomBytes(4).toString("hex");

/** A user (through the real service) and an API token for them. */
export async function userWithToken(db: Db, name = "Test User") {
  const { user } = await createUser(db, { email: `user-${unique()}@example.test`, name, password: "password-123" });
  const { token, apiToken } = await createApiToken(db, user.id, "test");
  return { user, token, apiToken };
}

export async function agencyOwner(db: Db) {
  const owner = await userWithToken(db, "Agency Owner");
  const agency = await createAgency(db, { ownerEmail: owner.user.email, name: "Agency", workspaceLimit: 10, monthlyMessages: 1000 });
  return { ...owner, agency };
}

/** A client workspace of an agency. The provisioning API comes later; rows are enough here. */
export function clientWorkspace(db: Db, agency: { id: string; ownerId: string }, name = "Client") {
  return db.team.create({ data: { name, kind: "client", plan: "agency_client", ownerId: agency.ownerId, agencyId: agency.id } });
}

export function chatbot(db: Db, teamId: string, userId: string, name = "Bot") {
  return db.chatbot.create({ data: { teamId, userId, name } });
}

/** An agency owner with one client workspace and one chatbot in it. */
export async function ownerWithChatbot(db: Db) {
  const owner = await agencyOwner(db);
  const team = await clientWorkspace(db, owner.agency);
  return { owner, team, bot: await chatbot(db, team.id, owner.user.id) };
}

/** Conversations for a chatbot: `open` not archived (of which `unread` unread) plus `archived` archived ones. */
export async function conversations(db: Db, chatbotId: string, counts: { open: number; unread: number; archived: number }) {
  const visitor = await db.visitor.create({ data: { chatbotId, visitorKey: unique() } });
  const rows = [
    ...Array.from({ length: counts.open }, (_, i) => ({ archived: false, unread: i < counts.unread })),
    ...Array.from({ length: counts.archived }, () => ({ archived: true, unread: true })),
  ];
  await db.conversation.createMany({ data: rows.map((r) => ({ ...r, chatbotId, visitorId: visitor.id })) });
}

/** A user with a token who belongs to `teamId` with `role`. */
export async function teamMember(db: Db, teamId: string, role: "admin" | "editor" | "member", name = `A ${role}`) {
  const member = await userWithToken(db, name);
  await db.membership.create({ data: { teamId, userId: member.user.id, role } });
  return member;
}

/** Suggested messages at positions 0..n-1 in the given order. */
export async function suggestedMessages(db: Db, chatbotId: string, items: Array<{ name: string; prompt?: string; url?: string }>) {
  const rows = [];
  for (const [position, item] of items.entries()) {
    rows.push(
      await db.suggestedMessage.create({
        data: item.url
          ? { chatbotId, name: item.name, type: "link", prompt: "", action: { type: "url", url: item.url }, position }
          : { chatbotId, name: item.name, type: "message", prompt: item.prompt ?? item.name, position },
      }),
    );
  }
  return rows;
}

/** Sources created one after the other (distinct `created_at`), in the given order. */
export async function sources(
  db: Db,
  chatbotId: string,
  items: Array<{ title: string; status?: string; url?: string | null; deleted?: boolean; trained?: boolean; reason?: string }>,
) {
  const rows = [];
  const start = Date.now() - items.length * 1000;
  for (const [i, item] of items.entries()) {
    const createdAt = new Date(start + i * 1000);
    rows.push(
      await db.source.create({
        data: {
          chatbotId,
          title: item.title,
          url: item.url === undefined ? `https://example.test/${i}` : item.url,
          status: item.status ?? "trained",
          statusReason: item.reason ?? null,
          trainedAt: item.trained === false || (item.status && item.status !== "trained") ? null : createdAt,
          deletedAt: item.deleted ? new Date() : null,
          createdAt,
        },
      }),
    );
  }
  return rows;
}

/** Updated answers created one after the other, in the given order. */
export async function updatedAnswers(db: Db, chatbotId: string, items: Array<{ question: string; answer: string }>) {
  const rows = [];
  const start = Date.now() - items.length * 1000;
  for (const [i, item] of items.entries()) {
    rows.push(
      await db.updatedAnswer.create({ data: { chatbotId, question: item.question, suggestedAnswer: item.answer, createdAt: new Date(start + i * 1000) } }),
    );
  }
  return rows;
}

/** An agency owner's client workspace with an admin, an editor and a member, plus the owner of another agency (a stranger to it). */
export async function workspaceWithRoles(db: Db, name = "Harbor Dental") {
  const owner = await agencyOwner(db);
  const workspace = await clientWorkspace(db, owner.agency, name);
  const admin = await teamMember(db, workspace.id, "admin");
  const editor = await teamMember(db, workspace.id, "editor");
  const member = await teamMember(db, workspace.id, "member");
  const stranger = await agencyOwner(db);
  return { owner, workspace, admin, editor, member, stranger };
}
export type WorkspaceWithRoles = Awaited<ReturnType<typeof workspaceWithRoles>>;
