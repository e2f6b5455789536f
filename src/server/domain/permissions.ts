/**
 * Who may do what on a chatbot, by the caller's role for it (DESIGN §7):
 * the agency owner is `owner`; workspace members have their team role.
 */
export type ChatbotRole = "owner" | "admin" | "editor" | "member";

/** Contacts (leads) are visible to the agency owner, admins and editors; not to members. */
export function canViewContacts(role: ChatbotRole): boolean {
  return role !== "member";
}
