import { z } from "zod";
import { en } from "./i18n/catalogues/en";
import { isUuid } from "./ids";

/**
 * The public widget API (`/api/widget/{chatbot_id}/…`, records 027 and 078) and the panel page's data
 * block, as they cross the wire: each shape defined once. The server builds and checks them with these
 * schemas; the loader and the panel, which run on customers' pages, import their TYPES only
 * (`import type`), so zod never ships to a visitor (src/widget/build.test.ts holds that).
 */

/** Who answers a conversation (record 055): the bot, waiting for a person, a person, or resolved. */
export const CONVERSATION_STATUSES = ["bot", "waiting", "human", "resolved"] as const;

// ---- the lead form (record 059): its fields, and when the widget shows it ----

export const LEAD_FIELD_TYPES = ["text", "email", "phone"] as const;

export const leadFieldSchema = z.object({
  key: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, "Use lowercase letters, digits and _ (starting with a letter)."),
  label: z.string().trim().min(1).max(80),
  type: z.enum(LEAD_FIELD_TYPES),
  required: z.boolean(),
});

/** The form's fields unchecked as a whole (a REST patch takes any part of it). */
export const leadFormShape = z.object({
  fields: z.array(leadFieldSchema).min(1).max(10),
  /** Show the form once the visitor has sent this many messages (null: never by count). */
  after_messages: z.number().int().min(1).max(100).nullable(),
  /** Show it when the visitor asks for a person and nobody from the team is around. */
  on_handoff: z.boolean(),
  /** Show it when the chatbot cannot answer (no credits; paused or suspended: record 078). */
  on_no_credits: z.boolean(),
});

export const leadFormSchema = leadFormShape
  .refine((f) => new Set(f.fields.map((x) => x.key)).size === f.fields.length, { message: "Each field needs its own key.", path: ["fields"] })
  .refine((f) => f.fields.some((x) => x.type === "email" || x.type === "phone"), { message: "Ask for an e-mail or a phone number.", path: ["fields"] })
  .meta({ id: "LeadForm" });

/** `POST …/leads`: the values by field key (checked against the chatbot's form by the server). */
export const widgetLeadRequestSchema = z.object({ fields: z.record(z.string(), z.string()), conversation_id: z.string().optional(), visitor_token: z.string().optional() });
/** Its 201: a thank-you and the visitor's token (a 422 names the fields: `errors["fields.<key>"]`). */
export const widgetLeadAnswerSchema = z.object({ message: z.string(), visitor_token: z.string() });

// ---- the config: `GET …/config` and the panel page's data block ----

/** The proactive greeting beside the launcher (optional per chatbot). */
export const GREETING_LIMITS = { message: 160, delay: { min: 1, max: 120 } } as const;
export const greetingSchema = z.object({
  message: z.string().trim().min(1, "Write the greeting, or switch it off.").max(GREETING_LIMITS.message),
  delay_seconds: z.number().int().min(GREETING_LIMITS.delay.min).max(GREETING_LIMITS.delay.max),
});

const sizes = z.enum(["sm", "md", "lg"]);

/** A section of the message catalogue as it crosses the wire: each of its keys, a text (record 117). */
const textsLike = <T extends Record<string, string>>(section: T) =>
  z.object(Object.fromEntries(Object.keys(section).map((key) => [key, z.string()])) as { [K in keyof T]: z.ZodString });

/** The loader's words in the chatbot's language (the launcher's labels, the panel frame's title). */
export const loaderStringsSchema = textsLike(en.loader);
/** The panel's own words in the chatbot's language: its page's data carries them, so the panel ships no catalogue. */
export const panelStringsSchema = textsLike(en.panel);

/** What the widget draws, nothing more: no prompts, no model, no domain id. */
export const widgetConfigSchema = z.object({
  id: z.string(),
  name: z.string(),
  welcome_message: z.string(),
  placeholder: z.string(),
  accent_color: z.string(),
  launcher_icon: z.string().nullable(),
  launcher_text: z.string().nullable(),
  header_icon: z.string().nullable(),
  position: z.enum(["left", "right"]),
  font_size: sizes,
  header_size: sizes,
  height: z.number().int(),
  sources_label: z.string(),
  enable_sources: z.boolean(),
  hide_powered_by: z.boolean(),
  enable_hide_chatbot: z.boolean(),
  /**
   * `message` sends its prompt; `link` opens its url in a new tab (counted as a link click); `lead_form` opens the
   * lead form; `handoff` sends its prompt, then asks for a person; `http` sends its prompt with its `id` as the
   * turn's `suggestion_id`, and the answer is its HTTP action's response (record 075).
   */
  suggested_messages: z.array(z.object({ id: z.string(), type: z.enum(["message", "link", "lead_form", "handoff", "http"]), name: z.string(), prompt: z.string(), url: z.string().nullable() })),
  lead_form: leadFormSchema,
  greeting: greetingSchema.nullable(),
  /** The chatbot's `default_language`: the language of the loader's and the panel's own words. */
  language: z.string(),
  strings: loaderStringsSchema,
  /** With business hours set (record 122): open now ("We're online"), or when the team is back ("Back at 09:00"). */
  team_hours: z.object({ open: z.boolean(), back_at: z.string().nullable() }).optional(),
});

/**
 * Why a chatbot's page cannot chat: `unknown` (no such chatbot, or deleted: nothing of it is shown), `unavailable`
 * (switched off), `paused`, `suspended`, `interrupted` (the database is away for a moment). Running out of credits
 * is learnt from the first answer (402): the panel then says so itself.
 */
export const PANEL_DEAD_ENDS = ["unknown", "unavailable", "paused", "suspended", "interrupted"] as const;

/** The look of a chatbot that cannot chat: only what its page needs to speak as itself. */
export const panelFaceSchema = widgetConfigSchema.pick({ name: true, accent_color: true, header_icon: true, font_size: true, header_size: true, hide_powered_by: true });

/** What the panel page shows: the chat, or the dead end (with the lead form a paused or suspended chatbot still offers). */
export const panelStateSchema = z.discriminatedUnion("open", [
  z.object({ open: z.literal(true), config: widgetConfigSchema }),
  z.object({ open: z.literal(false), reason: z.enum(PANEL_DEAD_ENDS), face: panelFaceSchema.nullable(), leads: z.object({ chatbot_id: z.string(), lead_form: leadFormSchema }).nullable() }),
]);

/** The page's words: its `<html lang>` and the panel's own texts, in the chatbot's language (English for an unknown chatbot). */
export const panelWordsSchema = z.object({ language: z.string(), strings: panelStringsSchema });

/** The panel page's whole data block: its mode, its words and its state. */
export const panelDataSchema = z.object({ mode: z.enum(["embed", "page"]) }).and(panelWordsSchema).and(panelStateSchema);

// ---- a chat turn: `POST …/chat`, answered by `delta` frames and a `done` one ----

export const widgetChatRequestSchema = z.object({
  message: z.string(),
  conversation_id: z.string().optional(),
  visitor_token: z.string().optional(),
  source: z.enum(["widget", "share"]).optional(),
  /** A pressed `http` button (suggested message), whose action the turn calls. */
  suggestion_id: z.string().optional(),
});

export const usedSourceSchema = z.object({ id: z.string(), url: z.string().nullable(), title: z.string() }).meta({ id: "MessageSource" });

/** The answer of `POST /v1/{chatbot_id}/chat`, and the `done` event of every surface's stream. */
export const chatAnswerSchema = z
  .object({
    conversation_id: z.string(),
    message: z.object({ id: z.string(), role: z.literal("assistant"), content: z.string(), answered: z.boolean(), sources: z.array(usedSourceSchema), created_at: z.string() }),
  })
  .meta({ id: "ChatAnswer" });

/** The answer of a turn the bot did not answer: the recorded visitor message, `answered: false`, `handoff: true`. */
export const handoffAnswerSchema = z
  .object({
    conversation_id: z.string(),
    answered: z.literal(false),
    handoff: z.literal(true),
    status: z.enum(["waiting", "human"]),
    message: z.object({ id: z.string(), role: z.literal("user"), content: z.string(), created_at: z.string() }),
  })
  .meta({ id: "HandoffAnswer" });

/** The widget's `done`: the turn's answer and the signed token the visitor keeps (issued on the first message). */
export const widgetChatDoneSchema = z.union([chatAnswerSchema, handoffAnswerSchema]).and(z.object({ visitor_token: z.string() }));

// ---- feedback, link clicks, asking for a person, the live stream ----

const id = z.string().refine(isUuid, "The {field} field must be a valid id.");

export const widgetFeedbackSchema = z.object({
  message_id: id,
  value: z.enum(["positive", "negative"], { message: "The {field} field must be positive or negative." }),
});

export const widgetLinkClickSchema = z.object({
  message_id: id.optional(),
  url: z.url({ protocol: /^https?$/, message: "The {field} field must be an http:// or https:// URL." }).max(2048),
  visitor_token: z.string().max(200).optional(),
});

/**
 * `POST …/conversations/{id}/handoff` `{visitor_token}` answers who answers now and whether anyone is around;
 * outside business hours also when the team is back ("Back at 09:00", in the chatbot's language; record 122).
 */
export const widgetHandoffAnswerSchema = z.object({ status: z.enum(CONVERSATION_STATUSES), agents_available: z.boolean(), back_at: z.string().nullable().optional() });

/** `POST …/conversations/{id}/rating`: the visitor rates a resolved conversation 1–5, with an optional comment (record 122). */
export const widgetRatingSchema = z.object({
  visitor_token: z.string().max(200).optional(),
  score: z.number({ message: "The {field} field must be a whole number from 1 to 5." }).int("The {field} field must be a whole number from 1 to 5.").min(1, "The {field} field must be a whole number from 1 to 5.").max(5, "The {field} field must be a whole number from 1 to 5."),
  comment: z.string().trim().max(1000, "The {field} field may have at most 1000 characters.").nullable().optional(),
});
export const widgetRatingAnswerSchema = z.object({ conversation_id: z.string(), score: z.number().int(), comment: z.string().nullable(), rated_at: z.string() });

/** The visitor's live stream (`GET …/conversations/{id}/stream`): each event's data. */
export const visitorStreamEventSchemas = {
  /** A person of the team wrote (its `id:` is the message's id, for a reconnect's catch-up); `author`: their first name, null: "the team". */
  message: z.object({ id: z.string(), role: z.string(), content: z.string(), created_at: z.string(), author: z.string().nullable().optional() }),
  /** `by`, when resolved: who resolved it as visitors may see them (a first name; null: "the team"). */
  status: z.object({ status: z.enum(CONVERSATION_STATUSES), by: z.string().nullable().optional() }),
  /** While the conversation waits for a person: whether anyone who may reply is around. */
  availability: widgetHandoffAnswerSchema.pick({ agents_available: true }),
};

export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
export type LeadField = z.infer<typeof leadFieldSchema>;
export type LeadForm = z.infer<typeof leadFormSchema>;
export type WidgetLeadRequest = z.input<typeof widgetLeadRequestSchema>;
export type WidgetLeadAnswer = z.infer<typeof widgetLeadAnswerSchema>;
export type Greeting = z.infer<typeof greetingSchema>;
export type WidgetConfig = z.infer<typeof widgetConfigSchema>;
export type PanelDeadEnd = (typeof PANEL_DEAD_ENDS)[number];
export type PanelFace = z.infer<typeof panelFaceSchema>;
export type PanelState = z.infer<typeof panelStateSchema>;
/** The panel page's two modes: the widget's iframe (`embed`, a dialog) and the share page (`page`). */
export type PanelMode = "embed" | "page";
export type PanelStrings = z.infer<typeof panelStringsSchema>;
export type LoaderStrings = z.infer<typeof loaderStringsSchema>;
export type PanelWords = z.infer<typeof panelWordsSchema>;
/** The page's data block: its state, its mode and its words. */
export type PanelData = PanelState & PanelWords & { mode: PanelMode };
export type WidgetChatRequest = z.input<typeof widgetChatRequestSchema>;
export type AnswerSource = z.infer<typeof usedSourceSchema>;
export type ChatAnswer = z.infer<typeof chatAnswerSchema>;
export type HandoffAnswer = z.infer<typeof handoffAnswerSchema>;
export type WidgetChatDone = z.infer<typeof widgetChatDoneSchema>;
export type WidgetFeedback = z.input<typeof widgetFeedbackSchema>;
export type WidgetRating = z.input<typeof widgetRatingSchema>;
export type WidgetRatingAnswer = z.infer<typeof widgetRatingAnswerSchema>;
export type WidgetLinkClick = z.input<typeof widgetLinkClickSchema>;
export type WidgetHandoffAnswer = z.infer<typeof widgetHandoffAnswerSchema>;
export type VisitorStreamEvents = { [K in keyof typeof visitorStreamEventSchemas]: z.infer<(typeof visitorStreamEventSchemas)[K]> };
