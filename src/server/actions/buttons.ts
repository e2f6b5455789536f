import type { ChatbotAction } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { AppError } from "@/server/kernel/errors";
import { isUuid } from "@/server/kernel/lib/ids";
import { selectModels } from "@/server/kernel/db/rows";

/**
 * HTTP actions as buttons (docs/decisions/075-suggested-message-actions.md): a suggested message
 * `{type:"http", action_id}` calls its action without an LLM, so the action must take no required argument —
 * nobody is there to supply one.
 */
export function requiredParameters(parameters: unknown): string[] {
  const required = (parameters as { required?: unknown } | null)?.required;
  return Array.isArray(required) ? required.filter((r): r is string => typeof r === "string") : [];
}

/** Throws a 422 on `action_id` unless it names an action of this chatbot that a button can call. */
export async function assertButtonAction(db: Db, chatbotId: string, actionId: string): Promise<void> {
  const action = isUuid(actionId) ? await db.chatbotAction.findFirst({ where: { id: actionId, chatbotId }, select: { name: true, parameters: true } }) : null;
  const refuse = (message: string) => new AppError("VALIDATION", message, { errors: { action_id: [message] } });
  if (!action) throw refuse("The action_id field must name an HTTP action of this chatbot.");
  const required = requiredParameters(action.parameters);
  if (required.length) throw refuse(`The action_id field names ${action.name}, which requires ${required.join(", ")}: a button can only call an action without required parameters.`);
}

/**
 * The action a button (suggested message) of this chatbot calls — only while the workspace has the `actions`
 * integration (as actionsForTurn) — or null. One statement.
 */
export async function buttonAction(db: Db, chatbot: { id: string; teamId: string }, suggestionId: string): Promise<ChatbotAction | null> {
  if (!isUuid(suggestionId)) return null;
  const [action] = await selectModels<ChatbotAction>(db, {
    name: "button_action",
    text: `SELECT a.* FROM suggested_messages s
           JOIN chatbot_actions a ON a.chatbot_id = s.chatbot_id AND a.id::text = s.action->>'action_id'
           JOIN teams t ON t.id = $3::uuid
           WHERE s.id = $2::uuid AND s.chatbot_id = $1::uuid AND s.action->>'type' = 'http'
             AND (t.kind <> 'client' OR 'actions' = ANY (t.enabled_integrations))`,
    values: [chatbot.id, suggestionId, chatbot.teamId],
  });
  return action ?? null;
}
