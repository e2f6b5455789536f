/**
 * Which LLM key answers for a chatbot (DESIGN §10.2): the workspace's own key
 * (only while `byok_enabled`) > its agency's key > the platform's
 * OPENAI_API_KEY > none. Keys are stored sealed and never returned: the
 * dashboard shows only "set, ending …abcd".
 */
import type { Db } from "@/server/kernel/db/client";
import { env } from "@/server/kernel/env";
import { openSecret, sealSecret } from "@/server/kernel/lib/secret-box";
import { validationError } from "@/server/kernel/errors";

export interface LlmProvider {
  apiKey: string;
  baseURL: string | undefined;
  origin: "workspace" | "agency" | "platform";
}

/** The provider from a team's stored keys (sealed) and the platform's environment. */
export function pickProvider(keys: { byokEnabled: boolean; workspaceKey: string | null; agencyKey: string | null }): LlmProvider | null {
  const { OPENAI_API_KEY, OPENAI_BASE_URL } = env();
  if (keys.byokEnabled && keys.workspaceKey) return { apiKey: openSecret(keys.workspaceKey), baseURL: OPENAI_BASE_URL, origin: "workspace" };
  if (keys.agencyKey) return { apiKey: openSecret(keys.agencyKey), baseURL: OPENAI_BASE_URL, origin: "agency" };
  if (OPENAI_API_KEY) return { apiKey: OPENAI_API_KEY, baseURL: OPENAI_BASE_URL, origin: "platform" };
  return null;
}

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
