import type { RouterOutputs } from "@/components/lib/trpc-types";

export type ChatbotOverview = RouterOutputs["chatbots"]["overview"];
export type ChatbotSettings = RouterOutputs["chatbots"]["get"];
export type SuggestedMessageItem = RouterOutputs["chatbots"]["prompts"]["list"][number];
export type SourceItem = RouterOutputs["chatbots"]["sources"]["listWithReasons"][number];
export type UpdatedAnswerItem = RouterOutputs["chatbots"]["finetunes"]["list"][number];
export type EditableTeam = RouterOutputs["chatbots"]["editableTeams"][number];
