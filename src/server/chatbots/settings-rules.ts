import { z } from "zod";
import { accentColorField } from "@/shared/accent-color";
import { LANGUAGE_OPTIONS } from "@/shared/i18n/languages";
import { languageCodeField } from "@/shared/i18n/language-field";

/**
 * What a chatbot's settings may be: the allowed values the contract leaves
 * open and one zod schema used by the dashboard form (client-side) and the
 * update procedure (server-side). Messages carry the `{field}` placeholder
 * of `zod-errors.ts`, filled with the field's name.
 *
 * Pure: imported by client components, so no server-only imports here.
 */

export const SIZES = ["sm", "md", "lg"] as const;
export const POSITIONS = ["left", "right"] as const;
export const GPT_MODELS = ["gpt-4o-mini", "gpt-4o", "gpt-4.1-nano", "gpt-4.1-mini", "gpt-4.1"] as const;

/** Languages offered by the forms: those with a message catalogue (record 117), and common regional variants. */
export const LANGUAGES = LANGUAGE_OPTIONS;

export const LIMITS = {
  name: 100,
  description: 500,
  welcomeMessage: 1000,
  placeholder: 200,
  launcherText: 60,
  sourcesLabel: 50,
  url: 2048,
  goalsPrompt: 5000,
  systemPrompt: 10_000,
  userPrompt: 5000,
  defaultAnswer: 2000,
  fallbackExcludedTopics: 2000,
  email: 255,
  height: { min: 320, max: 1200 },
  temperature: { min: 0, max: 2 },
  topK: { min: 1, max: 20 },
  historyCount: { min: 0, max: 50 },
  escalateMessageThreshold: { min: 1, max: 20 },
} as const;

const HOSTNAME = /^(?=.{1,253}$)(?:(?!-)[a-z0-9-]{1,63}(?<!-)\.)+[a-z]{2,63}$/;

/** `https://Example.com/path` → `example.com`; the hostname the widget may be embedded on. */
export function normalizeDomain(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, "")
    .replace(/[/?#].*$/, "")
    .replace(/:\d+$/, "")
    .replace(/\.$/, "");
}

export const isHostname = (value: string) => HOSTNAME.test(value);

const requiredText = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => (v ? v : null));
const optionalUrl = () =>
  optionalText(LIMITS.url).pipe(z.url({ protocol: /^https?$/, error: "The {field} field must be an http:// or https:// URL." }).nullable());
const intBetween = (r: { min: number; max: number }) => z.number().int().min(r.min).max(r.max);

/** Every editable setting, in the contract's names. Flags are booleans here; the wire shows them as 0/1. */
export const chatbotSettingsFields = z.object({
  name: requiredText(LIMITS.name),
  description: optionalText(LIMITS.description),

  welcome_message: requiredText(LIMITS.welcomeMessage),
  placeholder: requiredText(LIMITS.placeholder),
  accent_color: accentColorField,
  launcher_icon: optionalUrl(),
  launcher_text: optionalText(LIMITS.launcherText),
  header_icon: optionalUrl(),
  share_icon: optionalUrl(),
  font_size: z.enum(SIZES),
  header_size: z.enum(SIZES),
  height: intBetween(LIMITS.height),
  sources_label: requiredText(LIMITS.sourcesLabel),
  enable_sources: z.boolean(),
  hide_powered_by: z.boolean(),
  enable_hide_chatbot: z.boolean(),
  position: z.enum(POSITIONS),

  domain: optionalText(253)
    .transform((v) => (v === null ? null : normalizeDomain(v) || null))
    .refine((v) => v === null || isHostname(v), "The {field} field must be a hostname such as www.example.com."),

  goals_prompt: z.string().trim().max(LIMITS.goalsPrompt),
  system_prompt: requiredText(LIMITS.systemPrompt),
  user_prompt: optionalText(LIMITS.userPrompt),
  default_answer: requiredText(LIMITS.defaultAnswer),
  default_language: languageCodeField,
  history_count: intBetween(LIMITS.historyCount),
  gpt_model: z.enum(GPT_MODELS),
  temperature: z.number().min(LIMITS.temperature.min).max(LIMITS.temperature.max),
  topK: intBetween(LIMITS.topK),

  enable_escalations: z.boolean(),
  enable_escalations_notification: z.boolean(),
  escalations_email: z
    .string()
    .trim()
    .max(LIMITS.email)
    .refine((v) => v === "" || z.email().safeParse(v).success, "The {field} field must be a valid email address."),
  escalate_message_threshold: intBetween(LIMITS.escalateMessageThreshold),
  enable_assistant_fallback: z.boolean(),
  fallback_excluded_topics: optionalText(LIMITS.fallbackExcludedTopics),
});

/** The whole settings object, with the rules that span fields. */
export const chatbotSettingsSchema = chatbotSettingsFields.superRefine((s, ctx) => {
  if (s.enable_escalations_notification && s.escalations_email === "") {
    ctx.addIssue({ code: "custom", path: ["escalations_email"], message: "The {field} field is required when escalation notifications are enabled." });
  }
});

/** What the form edits (before zod's transforms) and what the server stores (after). */
export type ChatbotSettingsForm = z.input<typeof chatbotSettingsSchema>;
export type ChatbotSettingsValues = z.output<typeof chatbotSettingsSchema>;

/** A partial update; the service validates the merged result with `chatbotSettingsSchema`. */
export const chatbotSettingsPatch = chatbotSettingsFields.partial();

export const createChatbotInput = z.object({
  team_id: z.string().trim().min(1),
  name: requiredText(LIMITS.name),
  /** Its texts start in this language (record 117); English when omitted. */
  default_language: languageCodeField.optional(),
});

type Flag = 0 | 1;
type TextKeys = "description" | "launcher_icon" | "launcher_text" | "header_icon" | "share_icon" | "domain" | "user_prompt" | "fallback_excluded_topics";
type FlagKeys = { [K in keyof ChatbotSettingsValues]: ChatbotSettingsValues[K] extends boolean ? K : never }[keyof ChatbotSettingsValues];
type EnumKeys = "font_size" | "header_size" | "position" | "gpt_model";

/** The documented settings object, as far as the form is concerned (enums are plain strings on the wire). */
export type ChatbotSettingsWire = { [K in FlagKeys]: Flag } & { [K in TextKeys]: string | null } & { [K in EnumKeys]: string } & Omit<
  ChatbotSettingsValues,
  FlagKeys | TextKeys | EnumKeys
>;

/**
 * The documented settings shape (flags 0/1, nulls) as form values (booleans,
 * "" for empty text). A stored value outside today's allowed list is kept as
 * it is, so saving shows it as invalid instead of silently replacing it.
 */
export function settingsFormValues(s: ChatbotSettingsWire): ChatbotSettingsForm {
  const flag = (v: Flag) => v === 1;
  return {
    name: s.name,
    description: s.description ?? "",
    welcome_message: s.welcome_message,
    placeholder: s.placeholder,
    accent_color: s.accent_color,
    launcher_icon: s.launcher_icon ?? "",
    launcher_text: s.launcher_text ?? "",
    header_icon: s.header_icon ?? "",
    share_icon: s.share_icon ?? "",
    font_size: s.font_size as ChatbotSettingsForm["font_size"],
    header_size: s.header_size as ChatbotSettingsForm["header_size"],
    height: s.height,
    sources_label: s.sources_label,
    enable_sources: flag(s.enable_sources),
    hide_powered_by: flag(s.hide_powered_by),
    enable_hide_chatbot: flag(s.enable_hide_chatbot),
    position: s.position as ChatbotSettingsForm["position"],
    domain: s.domain ?? "",
    goals_prompt: s.goals_prompt,
    system_prompt: s.system_prompt,
    user_prompt: s.user_prompt ?? "",
    default_answer: s.default_answer,
    default_language: s.default_language,
    history_count: s.history_count,
    gpt_model: s.gpt_model as ChatbotSettingsForm["gpt_model"],
    temperature: s.temperature,
    topK: s.topK,
    enable_escalations: flag(s.enable_escalations),
    enable_escalations_notification: flag(s.enable_escalations_notification),
    escalations_email: s.escalations_email,
    escalate_message_threshold: s.escalate_message_threshold,
    enable_assistant_fallback: flag(s.enable_assistant_fallback),
    fallback_excluded_topics: s.fallback_excluded_topics ?? "",
  };
}
