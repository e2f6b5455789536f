/**
 * The agency's visits to a client workspace (docs/decisions/125-redaction-and-the-agencys-visits.md): what
 * a procedure declares it shows (`meta.agencyView`), the audit action a visit is recorded as, and the
 * workspace's `agency_access` setting. Pure: the client admin's page reads the names too.
 */
export const AGENCY_VIEWS = {
  conversations: "agency.viewed_conversations",
  contacts: "agency.viewed_contacts",
} as const;
export type AgencyView = keyof typeof AGENCY_VIEWS;

export const AGENCY_ACCESS_MODES = ["open", "ask_first"] as const;
export type AgencyAccessMode = (typeof AGENCY_ACCESS_MODES)[number];
export const AGENCY_ACCESS_ASK_FIRST: AgencyAccessMode = "ask_first";

/** What an approved request grants: reading the workspace's conversations this long. */
export const AGENCY_GRANT_HOURS = 24;
/** One visit of a page is recorded at most once in this many minutes (reloads and paging are not news). */
export const AGENCY_VISIT_QUIET_MINUTES = 10;

/** The caller reads the workspace as the owner of its agency. */
export interface AgencyVisit {
  agencyId: string;
  /** The workspace asks the agency to request access before reading its conversations. */
  askFirst: boolean;
}

/** Only conversations (and their messages) wait for the client's grant; other views are recorded. */
export const viewNeedsGrant = (view: AgencyView, visit: AgencyVisit) => view === "conversations" && visit.askFirst;
