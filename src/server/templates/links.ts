import type { Chatbot, Prisma, Template, TemplateLink } from "@/generated/prisma/client";
import type { Agency } from "@/server/access";
import type { Db } from "@/server/kernel/db/client";
import { validationError } from "@/server/kernel/errors";
import { isUuid } from "@/server/kernel/lib/ids";
import { readState } from "./chatbot-state";
import { ITEM_KINDS, itemIdsSchema, variablesSchema, type ChatbotState, type StateItem, type TemplateContent } from "./content";
import { GREETING_LABEL, itemField, itemLabel, LEAD_FORM_LABEL, settingField, settingLabel } from "./fields";
import { overridesOf, planApply, planRevert } from "./plan";
import { renderContent } from "./snapshot";
import { versionOf } from "./templates";
import { writeState } from "./write-state";

/** A chatbot linked to a template: made from it, following one version with its own variables and overrides. */

export interface FromTemplate {
  template_id: string;
  version?: number;
  variables?: Record<string, string>;
}

/** The state a version wants with these variables, or the 422 naming each variable it lacks. */
export function renderOrRefuse(content: TemplateContent, version: number, values: Record<string, string>): ChatbotState {
  const rendered = renderContent(content, values);
  if (rendered.ok) return rendered.state;
  throw validationError(
    Object.fromEntries(rendered.missing.map((name) => [`variables.${name}`, [`Version ${version} of the template uses {${name}}: give variables.${name} a value.`]])),
  );
}

/**
 * A new chatbot (in the caller's transaction) made from a template: every field of the version, its sources
 * created and queued for training, and the link. `defaults`: variable values used when none is given (the
 * client's name as `client_name`).
 */
export async function seedFromTemplate(db: Db, agency: Agency, chatbot: Chatbot, input: FromTemplate, defaults: Record<string, string>) {
  const template = isUuid(input.template_id) ? await db.template.findFirst({ where: { id: input.template_id, agencyId: agency.id } }) : null;
  if (!template) throw validationError({ template_id: ["No template with this id in your agency."] });
  const version = await versionOf(db, template, input.version ?? template.latestVersion, "version");
  const variables = { ...defaults, ...input.variables };
  const target = renderOrRefuse(version.parsed, version.version, variables);
  const current = await readState(db, chatbot);
  const itemIds = await writeState(db, chatbot, current, planApply(current, null, target).desired);
  await db.templateLink.create({ data: { chatbotId: chatbot.id, templateId: template.id, version: version.version, variables, itemIds } });
  return { template, version: version.version };
}

/** A linked chatbot's link, template, state and the state of the version it follows. */
export async function linkedState(db: Db, chatbot: Chatbot, opts: { lock?: boolean } = {}) {
  if (opts.lock) await db.$queryRaw`SELECT chatbot_id FROM template_links WHERE chatbot_id = ${chatbot.id}::uuid FOR UPDATE`;
  const link = await db.templateLink.findUnique({ where: { chatbotId: chatbot.id }, include: { template: true } });
  if (!link) return null;
  const variables = variablesSchema.parse(link.variables);
  const version = await versionOf(db, link.template, link.version);
  const followed = renderContent(version.parsed, variables);
  const current = await readState(db, chatbot, itemIdsSchema.parse(link.itemIds));
  return { link, template: link.template, current, followed: followed.ok ? followed.state : null, variables };
}

type FieldState = { field: string; label: string; state: "follows" | "overridden"; override: "changed" | "added" | "removed" | null };

/** Every field the version it follows gives the chatbot (following it, or overridden), and those it added. */
function fieldStates(current: ChatbotState, followed: ChatbotState): FieldState[] {
  const overrides = new Map(overridesOf(current, followed).map((o) => [o.field, o]));
  const fields: Array<{ field: string; label: string }> = [
    ...Object.keys(followed.settings).map((name) => ({ field: settingField(name), label: settingLabel(name) })),
    { field: "lead_form", label: LEAD_FORM_LABEL },
    { field: "greeting", label: GREETING_LABEL },
    ...ITEM_KINDS.flatMap((kind) => (followed.items[kind] as StateItem[]).map((i) => ({ field: itemField(kind, i.key!), label: itemLabel(kind, i.value) }))),
  ];
  const states: FieldState[] = fields.map((f) => {
    const o = overrides.get(f.field);
    overrides.delete(f.field);
    return { ...f, state: o ? "overridden" : "follows", override: o?.override ?? null };
  });
  for (const o of overrides.values()) states.push({ field: o.field, label: o.label, state: "overridden", override: o.override });
  return states;
}

export function presentLink(template: Template, link: TemplateLink, current: ChatbotState, followed: ChatbotState | null) {
  const fields = followed ? fieldStates(current, followed) : [];
  return {
    template: { id: template.id, name: template.name, latest_version: template.latestVersion },
    version: link.version,
    variables: variablesSchema.parse(link.variables),
    fields,
    overrides: fields.filter((f) => f.state === "overridden").length,
  };
}

/** Which template a chatbot follows and each field's state; null when it is no template's. */
export async function chatbotTemplate(db: Db, chatbot: Chatbot) {
  const linked = await linkedState(db, chatbot);
  return linked ? presentLink(linked.template, linked.link, linked.current, linked.followed) : null;
}

/** Overridden fields set back to the version the chatbot follows (one transaction, the link locked). */
export async function revertToTemplate(db: Db, chatbot: Chatbot, fields: string[]) {
  const linked = await linkedState(db, chatbot, { lock: true });
  if (!linked) throw validationError({ chatbot_id: ["This chatbot was not made from a template."] });
  if (!linked.followed) throw validationError({ fields: ["The version this chatbot follows needs variables it lacks."] });
  const revert = planRevert(linked.current, linked.followed, fields);
  if (revert.invalid.length) throw validationError({ fields: [`Not overridden on this chatbot: ${revert.invalid.join(", ")}.`] });
  const itemIds = await writeState(db, chatbot, linked.current, revert.desired);
  const link = await db.templateLink.update({ where: { chatbotId: chatbot.id }, data: { itemIds: itemIds as Prisma.InputJsonValue } });
  const fresh = await db.chatbot.findUniqueOrThrow({ where: { id: chatbot.id } });
  const current = await readState(db, fresh, itemIds);
  return { reverted: revert.reverted, link: presentLink(linked.template, link, current, linked.followed), template: linked.template };
}
