/**
 * Which LLM key answers for a chatbot: the workspace's own key (only while
 * `byok_enabled`) > its agency's key > the platform's OPENAI_API_KEY > none
 * (docs/decisions/022-generation-keys-and-extractive-answers.md). The keys
 * are stored sealed by workspaces/llm-keys.
 */
import { env } from "@/server/kernel/env";
import { openSecret } from "@/server/kernel/lib/secret-box";

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
