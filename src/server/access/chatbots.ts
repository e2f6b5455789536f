import type { Chatbot } from "@/generated/prisma/client";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { fieldOf } from "@/server/kernel/db/rows";
import type { ChatbotRole } from "@/server/access/permissions";
import { isUuid } from "@/server/kernel/lib/ids";
import { editableOrForbidden, roleIn, visibleOrNotFound } from "@/server/access/roles";
import { ownsAgencyTeam } from "@/server/access/agency-owner";
import { AGENCY_ACCESS_ASK_FIRST, type AgencyVisit } from "@/server/access/agency-visit-rules";

export interface ChatbotAccess {
  chatbot: Chatbot;
  role: ChatbotRole;
  /** The caller owns the workspace's agency: their reads are its visits (access/agency-visits.ts). */
  agencyVisit: AgencyVisit | null;
}

/** A live chatbot's row (every column) and the caller's standing in its team: the facts `roleIn` decides on. */
type AccessRow = Record<string, unknown> & {
  access_team_owner_id: string;
  access_agency_owner_id: string | null;
  access_agency_kind: string | null;
  access_agency_plan: string | null;
  access_membership_role: "admin" | "editor" | "member" | null;
  access_team_agency_id: string | null;
  access_team_agency_access: string;
};

/**
 * The facts `roleIn` decides on: a FROM clause must join the chatbot's team
 * `ct` and the joins below.
 */
export const ACCESS_FACT_COLUMNS = `ct.owner_id AS access_team_owner_id, a.owner_id AS access_agency_owner_id,
  a.kind::text AS access_agency_kind, a.plan::text AS access_agency_plan, m.role::text AS access_membership_role,
  ct.agency_id::text AS access_team_agency_id, ct.agency_access AS access_team_agency_access`;
/** The same facts next to `c.*`, the chatbot's row (`chatbots c`). */
export const CHATBOT_ACCESS_COLUMNS = `c.*, ${ACCESS_FACT_COLUMNS}`;
/** The agency and the membership of the caller (`userColumn`, e.g. `$2` or `u.id`) for the chatbot `c` of team `ct`. */
export const chatbotAccessJoins = (userColumn: string) =>
  `LEFT JOIN teams a ON a.id = ct.agency_id LEFT JOIN memberships m ON m.team_id = ct.id AND m.user_id = ${userColumn}`;

const ACCESS_PREFIX = "access_";

/** The caller's role from the access facts of a row, or null when the caller has none. */
export function roleOfFacts(userId: string, facts: Partial<AccessRow>): ChatbotRole | null {
  const { access_team_owner_id, access_agency_owner_id, access_agency_kind, access_agency_plan, access_membership_role } = facts as AccessRow;
  return roleIn(userId, {
    ownerId: access_team_owner_id,
    agency: access_agency_owner_id !== null && access_agency_kind !== null && access_agency_plan !== null ? { ownerId: access_agency_owner_id, kind: access_agency_kind, plan: access_agency_plan } : null,
    memberships: access_membership_role ? [{ role: access_membership_role }] : [],
  });
}

/**
 * An agency owner reading a client's workspace: their visit is recorded, whatever else they are there (a
 * membership of their own included — the demo's owner is an admin of each client), since the client
 * trusts its agency, not a role.
 */
function agencyVisitOfFacts(userId: string, facts: AccessRow): AgencyVisit | null {
  const { access_agency_owner_id, access_agency_kind, access_agency_plan, access_team_agency_id } = facts;
  if (!access_team_agency_id || access_agency_owner_id === null || access_agency_kind === null || access_agency_plan === null) return null;
  if (!ownsAgencyTeam(userId, { ownerId: access_agency_owner_id, kind: access_agency_kind, plan: access_agency_plan })) return null;
  return { agencyId: access_team_agency_id, askFirst: facts.access_team_agency_access === AGENCY_ACCESS_ASK_FIRST };
}

/**
 * The chatbot and the caller's role from a row of CHATBOT_ACCESS_COLUMNS, or
 * null when the row has no chatbot (not found, deleted, malformed id) or the
 * caller has no role in its team. `extra` names further columns of the row
 * that are not the chatbot's.
 */
export function chatbotAccessOfRow(userId: string, row: Record<string, unknown>, extra: (column: string) => boolean = () => false): ChatbotAccess | null {
  const columns = Object.keys(row).filter((column) => !extra(column));
  return chatbotAccessOfValues(userId, columns, columns.map((column) => row[column]));
}

/**
 * The same from a row's column names and values (a row read with `rowMode: "array"`): the chatbot's row
 * becomes its model in one pass, without pg's row object and the copies between (docs/decisions/093-native-spread-in-trpc.md: a chatbot's
 * row is some 50 columns, read by every `{chatbot_id}` request).
 */
function chatbotAccessOfValues(userId: string, columns: readonly string[], values: readonly unknown[]): ChatbotAccess | null {
  const facts: Record<string, unknown> = {};
  const chatbot: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i]!;
    if (column.startsWith(ACCESS_PREFIX)) facts[column] = values[i];
    else chatbot[fieldOf(column)] = values[i];
  }
  if (chatbot.id === null || chatbot.id === undefined) return null;
  const role = roleOfFacts(userId, facts as Partial<AccessRow>);
  return role ? { chatbot: chatbot as unknown as Chatbot, role, agencyVisit: agencyVisitOfFacts(userId, facts as AccessRow) } : null;
}

/**
 * The chatbot and the caller's role, or null when it does not exist, is
 * deleted, or is not visible (also for a malformed id). Every chatbot-scoped
 * request starts here, so it is one statement on the pg pool (Prisma would
 * send four: the chatbot, its team, the agency, the membership); the row
 * becomes the Prisma model by its column names (kernel/db/rows.ts,
 * tests/integration/access-hot-path.test.ts holds it equal to Prisma's).
 * REST calls read it together with their token (access/api-tokens).
 */
export async function findChatbotAccess(db: Db, userId: string, chatbotId: string): Promise<ChatbotAccess | null> {
  if (!isUuid(chatbotId)) return null;
  // A named statement: PostgreSQL keeps its plan (every REST call whose token is cached starts here, docs/decisions/038-hot-paths-in-named-sql.md).
  const { rows, fields } = await poolOf(db).query<unknown[]>({
    name: "access_chatbot",
    text: `SELECT ${CHATBOT_ACCESS_COLUMNS}
             FROM chatbots c JOIN teams ct ON ct.id = c.team_id ${chatbotAccessJoins("$2::uuid")}
            WHERE c.id = $1::uuid AND c.deleted_at IS NULL AND ct.deleted_at IS NULL`,
    values: [chatbotId, userId],
    rowMode: "array",
  });
  return rows[0] ? chatbotAccessOfValues(userId, fields.map((f) => f.name), rows[0]) : null;
}

/** The read rule on a found access: NOT_FOUND when there is none. */
export const readableFrom = (access: ChatbotAccess | null): ChatbotAccess => visibleOrNotFound(access, "Chatbot not found.");
/** The change rule: NOT_FOUND when not visible, FORBIDDEN when visible but read-only (a `member`). */
export const editableFrom = (access: ChatbotAccess | null): ChatbotAccess =>
  editableOrForbidden(readableFrom(access), "Your role in this workspace can view this chatbot but not change it.");

/** For reads: the chatbot and the caller's role, else NOT_FOUND. */
export async function readableChatbot(db: Db, userId: string, chatbotId: string): Promise<ChatbotAccess> {
  return readableFrom(await findChatbotAccess(db, userId, chatbotId));
}

/** For changes: NOT_FOUND when not visible, FORBIDDEN when visible but read-only (a `member`). */
export async function editableChatbot(db: Db, userId: string, chatbotId: string): Promise<ChatbotAccess> {
  return editableFrom(await findChatbotAccess(db, userId, chatbotId));
}
