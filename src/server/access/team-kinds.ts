/**
 * Chatbots live only in teams that have a plan and credits: an agency or one
 * of its client workspaces. A personal team hosts none (it would be a side
 * door around the agency's limits and credits).
 */
export function teamHostsChatbots(kind: string): boolean {
  return kind === "agency" || kind === "client";
}
