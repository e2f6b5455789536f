/**
 * A team's own LLM key (an agency's, or a workspace's under `byok_enabled`):
 * stored sealed (kernel/lib/secret-box) and never returned; the dashboard
 * shows only "set, ending …abcd". Which key answers is conversations'
 * llm-provider.
 */
import type { Db } from "@/server/kernel/db/client";
import { validationError } from "@/server/kernel/errors";
import { sealSecret } from "@/server/kernel/lib/secret-box";

export interface KeyStatus {
  set: boolean;
  last4: string | null;
}

/** Stores (or with null removes) a team's key. */
export async function setTeamKey(db: Db, teamId: string, apiKey: string | null): Promise<KeyStatus> {
  if (apiKey !== null) {
    const trimmed = apiKey.trim();
    if (trimmed.length < 8 || trimmed.length > 400 || /\s/.test(trimmed)) {
      throw validationError({ api_key: ["The API key must be 8 to 400 characters without spaces."] });
    }
    await db.team.update({ where: { id: teamId }, data: { llmApiKeyCiphertext: sealSecret(trimmed), llmApiKeyLast4: trimmed.slice(-4) } });
    return { set: true, last4: trimmed.slice(-4) };
  }
  await db.team.update({ where: { id: teamId }, data: { llmApiKeyCiphertext: null, llmApiKeyLast4: null } });
  return { set: false, last4: null };
}

export async function teamKeyStatus(db: Db, teamId: string): Promise<KeyStatus> {
  const team = await db.team.findUnique({ where: { id: teamId }, select: { llmApiKeyLast4: true, llmApiKeyCiphertext: true } });
  return { set: Boolean(team?.llmApiKeyCiphertext), last4: team?.llmApiKeyLast4 ?? null };
}
