import type { ChatCompletionFunctionTool } from "openai/resources/chat/completions";
import type { ChatbotAction } from "@/generated/prisma/client";
import type { Db } from "@/server/kernel/db/client";
import { selectModels } from "@/server/kernel/db/rows";

/**
 * The actions a turn may offer the model: the chatbot's, only while its workspace has the `actions`
 * integration enabled (a client workspace's `enabled_integrations`; other teams have no such switch).
 * One statement, read only when the turn has an LLM.
 */
export function actionsForTurn(db: Db, chatbot: { id: string; teamId: string }): Promise<ChatbotAction[]> {
  return selectModels<ChatbotAction>(db, {
    name: "actions_for_turn",
    text: `SELECT a.* FROM chatbot_actions a JOIN teams t ON t.id = $2::uuid
           WHERE a.chatbot_id = $1::uuid AND (t.kind <> 'client' OR 'actions' = ANY (t.enabled_integrations))
           ORDER BY a.created_at, a.id`,
    values: [chatbot.id, chatbot.teamId],
  });
}

/** An action as an OpenAI function tool. */
export function toolOf(action: Pick<ChatbotAction, "name" | "description" | "parameters">): ChatCompletionFunctionTool {
  return { type: "function", function: { name: action.name, description: action.description, parameters: action.parameters as Record<string, unknown> } };
}
