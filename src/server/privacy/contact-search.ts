import { poolOf, type Db } from "@/server/kernel/db/client";
import { isoMicro } from "@/server/kernel/lib/timestamps";

/** At most this many matches: one person's leads across a workspace's chatbots are a handful. */
const SEARCH_LIMIT = 100;

const BY_EMAIL = `
  SELECT k.id::text, k.chatbot_id::text, b.name AS chatbot_name, k.email, k.phone, k.first_name, k.last_name, k.created_at
    FROM contacts k JOIN chatbots b ON b.id = k.chatbot_id
   WHERE k.team_id = $1::uuid AND lower(k.email) = lower($2) AND b.deleted_at IS NULL
   ORDER BY k.created_at DESC, k.id DESC LIMIT ${SEARCH_LIMIT}`;

export interface FoundContact {
  id: string;
  chatbot_id: string;
  chatbot_name: string;
  email: string;
  phone: string | null;
  first_name: string;
  last_name: string;
  created_at: string;
}

/**
 * A person's contacts in every chatbot of a workspace, by e-mail address (the same address in any case):
 * the one search a request for their data starts from (docs/decisions/124-retention-and-a-persons-data.md).
 */
export async function contactsByEmail(db: Db, teamId: string, email: string): Promise<FoundContact[]> {
  const { rows } = await poolOf(db).query<Omit<FoundContact, "created_at"> & { created_at: Date }>(BY_EMAIL, [teamId, email.trim()]);
  return rows.map((r) => ({ ...r, created_at: isoMicro(r.created_at) }));
}
