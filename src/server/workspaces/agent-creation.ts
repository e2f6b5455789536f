/**
 * May a new agent (chatbot) be created in a workspace? The contract refuses
 * it (422) in a suspended workspace and when `chatbot_limit` is reached; both
 * the agency API and the dashboard apply this one rule.
 *
 * Chatbots exist only in teams that have a plan and credits (an agency or one
 * of its client workspaces): a personal team is not a side door around the
 * agency's limits and credits (docs/decisions/034-client-lifecycle.md). An archived workspace takes no new
 * agents either.
 */
import { teamHostsChatbots } from "@/server/access";

export const PERSONAL_TEAM_REFUSAL =
  "Chatbots can only be created in a workspace with a plan and credits. Ask your agency to create one for you.";

export function agentCreationRefusal(
  workspace: { status: string; chatbotLimit: number | null; kind?: string; archivedAt?: Date | null },
  currentAgents: number,
): string | null {
  if (workspace.kind !== undefined && !teamHostsChatbots(workspace.kind)) return PERSONAL_TEAM_REFUSAL;
  if (workspace.archivedAt) return "The workspace is archived: restore it before creating agents.";
  if (workspace.status === "suspended") return "The workspace is suspended: new agents cannot be created until it is resumed.";
  if (workspace.chatbotLimit !== null && currentAgents >= workspace.chatbotLimit) {
    return `The workspace's chatbot_limit (${workspace.chatbotLimit}) is reached.`;
  }
  return null;
}
