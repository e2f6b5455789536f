/**
 * Who may do what with a chatbot (docs/decisions/008-roles-and-permissions.md). Pure rules: the caller's role is
 * resolved from the database by `server/access`.
 *
 * - `owner`: the agency owner of the chatbot's workspace, or the owner of the
 *   chatbot's own team; counts as an admin.
 * - `admin`, `editor`: workspace roles that manage chatbots and see contacts.
 * - `member`: reads everything but contacts, changes nothing.
 */
export const CHATBOT_ROLES = ["owner", "admin", "editor", "member"] as const;
export type ChatbotRole = (typeof CHATBOT_ROLES)[number];

export type MembershipRole = "admin" | "editor" | "member";

/** Settings, suggested messages, updated answers, sources; creating chatbots in the team. */
export function canEditChatbot(role: ChatbotRole): boolean {
  return role === "owner" || role === "admin" || role === "editor";
}

/** Contacts (leads) and the analytics `leads` figure; a `member` gets `leads: null`. */
export function canViewContacts(role: ChatbotRole): boolean {
  return role === "owner" || role === "admin" || role === "editor";
}

/**
 * Replying to visitors and taking over, assigning, handing back and resolving conversations (docs/decisions/055-conversation-states-and-handoff.md):
 * the roles that manage the chatbot. A `member` reads conversations only.
 */
export function canReplyToConversations(role: ChatbotRole): boolean {
  return role === "owner" || role === "admin" || role === "editor";
}

/**
 * The caller's role for a team's chatbots, or null when the team's chatbots are
 * not visible to them (the caller answers "not found"). Visibility matches
 * `access/roles.visibleTeamsWhere`: a membership in the team, or ownership of the agency
 * the workspace belongs to.
 */
export function effectiveRole(facts: {
  membershipRole: MembershipRole | null;
  ownsTeam: boolean;
  ownsAgencyOfTeam: boolean;
}): ChatbotRole | null {
  if (facts.ownsAgencyOfTeam) return "owner";
  if (facts.membershipRole === null) return null;
  return facts.ownsTeam ? "owner" : facts.membershipRole;
}
