import type { RouterOutputs } from "@/components/lib/trpc-types";

export type TemplateDetail = RouterOutputs["agencyTemplates"]["get"];
export type TemplateItem = TemplateDetail["template"];
export type LinkedChatbot = TemplateDetail["chatbots"][number];
export type FieldChange = RouterOutputs["agencyTemplates"]["diff"]["changes"][number];
export type Override = LinkedChatbot["overrides"][number];
export type Preview = RouterOutputs["agencyTemplates"]["preview"];
export type Rollout = RouterOutputs["agencyTemplates"]["rollout"]["rollout"];
export type RolloutSummary = RouterOutputs["agencyTemplates"]["rollouts"]["rollouts"][number];
export type TemplateOption = RouterOutputs["agencyTemplates"]["options"][number];

/** How often a running rollout's page asks for its progress. */
export const ROLLOUT_POLL_MS = 1500;

export const isOpen = (status: string) => status === "running" || status === "rolling_back";
