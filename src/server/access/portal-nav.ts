/**
 * What the dashboard's navigation offers a user (issue 13): only what their
 * role can use. An agency owner "viewing as client" sees what the workspace's
 * admin sees.
 */
export type NavKey = "clients" | "chatbots" | "team" | "webhooks" | "audit-log" | "api-tokens" | "settings";

export interface NavFacts {
  ownsAgency: boolean;
  viewingAsClient: boolean;
  /** Workspaces whose team the user may manage (admin or owner). */
  manageableTeams: number;
}

export function navFor(facts: NavFacts): NavKey[] {
  const agencyView = facts.ownsAgency && !facts.viewingAsClient;
  const keys: NavKey[] = [];
  if (agencyView) keys.push("clients");
  keys.push("chatbots");
  if (facts.viewingAsClient || facts.manageableTeams > 0) keys.push("team");
  if (agencyView) keys.push("webhooks", "audit-log");
  keys.push("api-tokens", "settings");
  return keys;
}
