import type { Chatbot } from "@/generated/prisma/client";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { modelOfRow } from "@/server/kernel/db/rows";
import { widgetServes } from "@/server/chatbots/widget-embedding";
import { AppError } from "@/server/kernel/errors";
import { isUuid } from "@/server/kernel/lib/ids";

/** The chatbot as the public widget sees it: only while it serves (docs/decisions/027-widget-public-api.md). */
export type PublicChatbot = Chatbot & { workspace: { id: string; status: "active" | "paused" | "suspended"; pauseMode: "hard" | "soft" | null } };

export const WIDGET_UNAVAILABLE = "This chatbot is not available.";

/**
 * The chatbot behind a public widget request, or 404 when it is unknown,
 * deleted, disabled, or its workspace is hard-paused or suspended — one
 * answer for all of them, so the widget simply draws nothing. Every widget
 * request starts here, so it is one statement on the pg pool (Prisma's
 * `include` sent two); the row becomes the model by its column names
 * (kernel/db/rows.ts; tests/integration/access-hot-path.test.ts holds it equal to
 * Prisma's read).
 */
export async function loadPublicChatbot(db: Db, chatbotId: string): Promise<PublicChatbot> {
  const chatbot = await readWidgetChatbot(db, chatbotId);
  if (!chatbot || !widgetServes({ enabled: chatbot.enabled, deletedAt: chatbot.deletedAt, workspace: chatbot.workspace })) throw new AppError("NOT_FOUND", WIDGET_UNAVAILABLE);
  return chatbot;
}

/** The chatbot and its workspace's standing whether or not it serves (null: no such chatbot): the one read of both. */
export async function readWidgetChatbot(db: Db, chatbotId: string): Promise<PublicChatbot | null> {
  if (!isUuid(chatbotId)) return null;
  const { rows } = await poolOf(db).query<Record<string, unknown> & { workspace_status: PublicChatbot["workspace"]["status"]; workspace_pause_mode: PublicChatbot["workspace"]["pauseMode"] }>({
    name: "widget_public_chatbot",
    text: `SELECT c.*, t.status::text AS workspace_status, t.pause_mode::text AS workspace_pause_mode
             FROM chatbots c JOIN teams t ON t.id = c.team_id WHERE c.id = $1::uuid`,
    values: [chatbotId],
  });
  if (!rows[0]) return null;
  const { workspace_status, workspace_pause_mode, ...columns } = rows[0];
  const chatbot = modelOfRow<Chatbot>(columns);
  return { ...chatbot, workspace: { id: chatbot.teamId, status: workspace_status, pauseMode: workspace_pause_mode } };
}
