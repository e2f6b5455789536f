import { z } from "zod";
import { greetingSchema, leadFormSchema, type Greeting, type LeadForm } from "@/shared/widget-wire";

/**
 * What a template version holds (docs/decisions/111-templates-are-data.md): one versioned JSON document, checked
 * by this one schema whenever it is written or read. It is a chatbot's configuration as data — every setting but
 * its identity (name), domain and keys, the lead form, the greeting, and its items (HTTP actions without their
 * header values, suggested messages, updated answers, source definitions, the Quality tab's own test questions),
 * each item under a key that stays the same from version to version (the master's row id). `{name}` placeholders
 * in its text are the variables a linked chatbot fills (`client_website`, `client_name`, …). Pure.
 */
export const TEMPLATE_FORMAT = 1 as const;

/** The kinds of item, in the order they are written: suggested messages may name an action. */
export const ITEM_KINDS = ["actions", "suggested_messages", "updated_answers", "sources", "quality_questions"] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** The settings a template does not carry: the chatbot's identity and its domain (its keys are not settings). */
export const SETTINGS_NOT_IN_TEMPLATES: ReadonlySet<string> = new Set(["name", "domain"]);

export const VARIABLE_NAME = /^[a-z][a-z0-9_]{0,39}$/;

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type Scalar = z.infer<typeof scalar>;

export const actionValueSchema = z.object({
  name: z.string(),
  description: z.string(),
  method: z.string(),
  url: z.string(),
  /** The headers sent: names only (their values are each client's secrets). */
  header_names: z.array(z.string()),
  parameters: z.record(z.string(), z.unknown()),
});

export const suggestedMessageValueSchema = z.object({
  type: z.enum(["message", "link", "lead_form", "handoff", "http"]),
  name: z.string(),
  prompt: z.string(),
  url: z.string(),
  /** An `http` button's action: its item key, or `id:<row id>` for an action of the chatbot's own. */
  action_ref: z.string(),
});

export const updatedAnswerValueSchema = z.object({ question: z.string(), suggested_answer: z.string() });

export const TEMPLATE_SOURCE_TYPES = ["website", "page", "text"] as const;
export const sourceValueSchema = z.object({
  type: z.enum(TEMPLATE_SOURCE_TYPES),
  /** A website or page source's URL (with placeholders in a template). */
  url: z.string().nullable(),
  /** A text's title (a website's or page's comes from the site). */
  title: z.string().nullable(),
  /** A text source's text. */
  text: z.string().nullable(),
  sync_frequency: z.string(),
});

export const qualityQuestionValueSchema = z.object({ question: z.string(), expected_url: z.string().nullable() });

export const ITEM_VALUE_SCHEMAS = {
  actions: actionValueSchema,
  suggested_messages: suggestedMessageValueSchema,
  updated_answers: updatedAnswerValueSchema,
  sources: sourceValueSchema,
  quality_questions: qualityQuestionValueSchema,
} as const satisfies Record<ItemKind, z.ZodType>;

export type ItemValue<K extends ItemKind> = z.infer<(typeof ITEM_VALUE_SCHEMAS)[K]>;
export type AnyItemValue = ItemValue<ItemKind>;

const keyed = <S extends z.ZodObject>(value: S) => z.array(z.object({ key: z.string().min(1).max(100), value }));

export const templateContentSchema = z.object({
  format: z.literal(TEMPLATE_FORMAT),
  settings: z.record(z.string(), scalar),
  lead_form: leadFormSchema,
  greeting: greetingSchema.nullable(),
  items: z.object({
    actions: keyed(actionValueSchema),
    suggested_messages: keyed(suggestedMessageValueSchema),
    updated_answers: keyed(updatedAnswerValueSchema),
    sources: keyed(sourceValueSchema),
    quality_questions: keyed(qualityQuestionValueSchema),
  }),
  /** The placeholders its text uses: what a linked chatbot must give a value for. */
  variables: z.array(z.string().regex(VARIABLE_NAME)),
});

export type TemplateContent = z.infer<typeof templateContentSchema>;

/** One item of a chatbot's state: its row (`id`, null until written), its template item (`key`, null: the chatbot's own). */
export interface StateItem<K extends ItemKind = ItemKind> {
  key: string | null;
  id: string | null;
  value: ItemValue<K>;
}

export type StateItems = { [K in ItemKind]: StateItem<K>[] };

/**
 * A chatbot's configuration as the templates see it — a real chatbot's (rows with ids), or a version rendered
 * with a chatbot's variables (keys, no ids). `removed`: template items the chatbot deleted (their keys).
 */
export interface ChatbotState {
  settings: Record<string, Scalar>;
  lead_form: LeadForm;
  greeting: Greeting | null;
  items: StateItems;
  removed: string[];
}

export const emptyItems = (): StateItems => ({ actions: [], suggested_messages: [], updated_answers: [], sources: [], quality_questions: [] });

/** Which row of a linked chatbot came from which template item: key → row id (null: the chatbot removed it). */
export type ItemIds = Record<string, string | null>;
export const itemIdsSchema = z.record(z.string(), z.string().nullable());

/** The variables a linked chatbot gives its template: name → value. */
export const variablesSchema = z.record(z.string().regex(VARIABLE_NAME), z.string());
