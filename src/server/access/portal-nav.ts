/**
 * What the dashboard's navigation offers a user (docs/decisions/033-client-portal.md): only what their
 * role can use. An agency owner "viewing as client" sees what the workspace's
 * admin sees.
 */
export type NavKey = "home" | "clients" | "templates" | "billing" | "chatbots" | "team" | "webhooks" | "audit-log" | "api-tokens" | "settings";

export interface NavFacts {
  ownsAgency: boolean;
  viewingAsClient: boolean;
  /** Workspaces whose team the user may manage (admin or owner). */
  manageableTeams: number;
  /** Client workspaces the user works in (their home shows its credits). */
  clientWorkspaces?: number;
}

export function navFor(facts: NavFacts): NavKey[] {
  const agencyView = facts.ownsAgency && !facts.viewingAsClient;
  const keys: NavKey[] = [];
  // Home: the agency's cockpit, or the client workspace's credits and standing.
  if (agencyView || facts.viewingAsClient || (facts.clientWorkspaces ?? 0) > 0) keys.push("home");
  if (agencyView) keys.push("clients", "templates", "billing");
  keys.push("chatbots");
  if (facts.viewingAsClient || facts.manageableTeams > 0) keys.push("team");
  if (agencyView) keys.push("webhooks", "audit-log");
  keys.push("api-tokens", "settings");
  return keys;
}
