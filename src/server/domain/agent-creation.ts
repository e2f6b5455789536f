/**
 * May a new agent (chatbot) be created in a workspace? The contract refuses
 * it (422) in a suspended workspace and when `chatbot_limit` is reached; both
 * the agency API and the dashboard apply this one rule.
 */
export function agentCreationRefusal(workspace: { status: string; chatbotLimit: number | null }, currentAgents: number): string | null {
  if (workspace.status === "suspended") return "The workspace is suspended: new agents cannot be created until it is resumed.";
  if (workspace.chatbotLimit !== null && currentAgents >= workspace.chatbotLimit) {
    return `The workspace's chatbot_limit (${workspace.chatbotLimit}) is reached.`;
  }
  return null;
}
