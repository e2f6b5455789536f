import { randomBytes } from "node:crypto";
import type { Db } from "@/server/db/client";
import { createApiToken } from "@/server/auth/api-tokens";
import { createAgency, createUser } from "@/server/services/users";

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

/** Conversations for a chatbot: `open` not archived (of which `unread` unread) plus `archived` archived ones. */
export async function conversations(db: Db, chatbotId: string, counts: { open: number; unread: number; archived: number }) {
  const visitor = await db.visitor.create({ data: { chatbotId, visitorKey: unique() } });
  const rows = [
    ...Array.from({ length: counts.open }, (_, i) => ({ archived: false, unread: i < counts.unread })),
    ...Array.from({ length: counts.archived }, () => ({ archived: true, unread: true })),
  ];
  await db.conversation.createMany({ data: rows.map((r) => ({ ...r, chatbotId, visitorId: visitor.id })) });
}
