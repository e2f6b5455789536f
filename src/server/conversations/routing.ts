/**
 * Routing's settings (docs/decisions/122-business-hours-routing-and-ratings.md): each member of a workspace
 * is available or away and takes at most N open conversations. The assignment itself is SQL
 * (sql/routing.sql): a trigger when a conversation starts waiting, and the unassigned queue drained when a
 * member becomes available, raises their maximum, or a slot frees.
 */
import { z } from "zod";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { AppError } from "@/server/kernel/errors";

export const availabilitySchema = z
  .object({
    available: z.boolean(),
    max_open_conversations: z.number().int().min(1).max(100),
    /** Conversations waiting or with a person assigned to the member, across the workspace's chatbots. */
    open_conversations: z.number().int().nonnegative(),
  })
  .meta({ id: "AgentAvailability" });

export const availabilityPatch = z.object({
  available: z.boolean().optional(),
  max_open_conversations: z.number().int().min(1).max(100).optional(),
});

type Availability = z.infer<typeof availabilitySchema>;

const notMember = () => new AppError("NOT_FOUND", "You are not a member of this workspace: only members take conversations.");

const SELECT_AVAILABILITY = `
  SELECT m.available, m.max_open_conversations,
         (SELECT count(*)::int FROM conversations c JOIN chatbots b ON b.id = c.chatbot_id
           WHERE b.team_id = m.team_id AND c.assignee_id = m.user_id AND c.status IN ('waiting', 'human')) AS open_conversations
    FROM memberships m WHERE m.team_id = $1::uuid AND m.user_id = $2::uuid`;

/** The caller's availability in a workspace; null for someone who is not a member (an agency owner reads, takes nothing). */
export async function findAvailability(db: Db, teamId: string, userId: string): Promise<Availability | null> {
  const { rows } = await poolOf(db).query<Availability>({ name: "routing_availability", text: SELECT_AVAILABILITY, values: [teamId, userId] });
  return rows[0] ?? null;
}

/** The same, 404 for a non-member. */
export async function getAvailability(db: Db, teamId: string, userId: string): Promise<Availability> {
  const found = await findAvailability(db, teamId, userId);
  if (!found) throw notMember();
  return found;
}

/** Changes it; an available member (just now, or taking more) drains the unassigned queue. */
export async function setAvailability(db: Db, teamId: string, userId: string, patch: z.infer<typeof availabilityPatch>): Promise<Availability> {
  const pool = poolOf(db);
  const { rows } = await pool.query<{ available: boolean }>({
    name: "routing_set_availability",
    text: `UPDATE memberships SET available = coalesce($3::boolean, available), max_open_conversations = coalesce($4::int, max_open_conversations), updated_at = now()
            WHERE team_id = $1::uuid AND user_id = $2::uuid RETURNING available`,
    values: [teamId, userId, patch.available ?? null, patch.max_open_conversations ?? null],
  });
  if (!rows[0]) throw notMember();
  // After the change committed: the drain counts under the workspace's routing lock.
  if (rows[0].available) await pool.query({ name: "routing_drain", text: "SELECT routing_drain($1::uuid)", values: [teamId] });
  return getAvailability(db, teamId, userId);
}
