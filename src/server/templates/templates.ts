import type { Chatbot, Prisma, Template, TemplateVersion } from "@/generated/prisma/client";
import type { Agency } from "@/server/access";
import { transactionAsDb, type Db } from "@/server/kernel/db/client";
import { AppError, notFound, validationError } from "@/server/kernel/errors";
import { isUuid } from "@/server/kernel/lib/ids";
import { isoMicro } from "@/server/kernel/lib/timestamps";
import { readState, readStates } from "./chatbot-state";
import { itemIdsSchema, variablesSchema, type ChatbotState, type TemplateContent } from "./content";
import { overridesOf } from "./plan";
import { contentOf, serializeTemplate, serializeVersion } from "./serializer";
import { renderContent, snapshotOf } from "./snapshot";

/** An agency's templates: creating one from a chatbot, publishing its versions, reading them and their chatbots. */

export async function findTemplate(db: Db, agency: Agency, templateId: string): Promise<Template> {
  const template = isUuid(templateId) ? await db.template.findFirst({ where: { id: templateId, agencyId: agency.id } }) : null;
  if (!template) throw notFound("Template not found.");
  return template;
}

/** A live chatbot of the agency (its own or a client's); anything else is a 422 naming `field`. */
export async function agencyChatbot(db: Db, agency: Agency, chatbotId: string, field: string): Promise<Chatbot> {
  const chatbot = isUuid(chatbotId)
    ? await db.chatbot.findFirst({ where: { id: chatbotId, deletedAt: null, team: { OR: [{ id: agency.id }, { agencyId: agency.id, deletedAt: null }] } } })
    : null;
  if (!chatbot) throw validationError({ [field]: ["No chatbot with this id in your agency."] });
  return chatbot;
}

/** The master's values of the variables: those given, else its site (the origin of its first website or page source) as `client_website`. */
function masterValuesOf(state: ChatbotState, given: Record<string, string> | undefined): Record<string, string> {
  if (given) return given;
  const site = state.items.sources.find((s) => s.value.url)?.value.url;
  return site ? { client_website: new URL(site).origin } : {};
}

export interface PublishInput {
  note?: string | null;
  variables?: Record<string, string>;
}

async function snapshotMaster(db: Db, master: Chatbot, given: Record<string, string> | undefined) {
  const state = await readState(db, master);
  const values = masterValuesOf(state, given);
  return { values, content: snapshotOf(state, values) };
}

export async function createTemplate(db: Db, agency: Agency, userId: string, input: PublishInput & { chatbot_id: string; name: string }) {
  const master = await agencyChatbot(db, agency, input.chatbot_id, "chatbot_id");
  const { values, content } = await snapshotMaster(db, master, input.variables);
  const template = await db.template.create({
    data: { agencyId: agency.id, name: input.name, masterChatbotId: master.id, variables: values, latestVersion: 1 },
  });
  const version = await db.templateVersion.create({
    data: { templateId: template.id, version: 1, note: input.note ?? null, content: content as Prisma.InputJsonValue, createdById: userId },
  });
  return { template: serializeTemplate(template, 0), version: serializeVersion(version), master };
}

/** The master chatbot's current state as the next version (the template row locked: two publishes get two numbers). */
export async function publishVersion(db: Db, agency: Agency, template: Template, userId: string, input: PublishInput) {
  return db.$transaction(async (raw) => {
    const tx = transactionAsDb(raw);
    await tx.$queryRaw`SELECT id FROM templates WHERE id = ${template.id}::uuid FOR UPDATE`;
    const locked = await tx.template.findUniqueOrThrow({ where: { id: template.id } });
    if (!locked.masterChatbotId) throw new AppError("RULE_VIOLATION", "The template's master chatbot was deleted: there is nothing to publish from.");
    const master = await agencyChatbot(tx, agency, locked.masterChatbotId, "chatbot_id");
    const { values, content } = await snapshotMaster(tx, master, input.variables ?? (locked.variables as Record<string, string>));
    const next = locked.latestVersion + 1;
    const version = await tx.templateVersion.create({
      data: { templateId: template.id, version: next, note: input.note ?? null, content: content as Prisma.InputJsonValue, createdById: userId },
    });
    const updated = await tx.template.update({ where: { id: template.id }, data: { latestVersion: next, variables: values } });
    return { template: updated, version: serializeVersion(version) };
  });
}

export async function listTemplates(db: Db, agency: Agency) {
  const templates = await db.template.findMany({ where: { agencyId: agency.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], include: { _count: { select: { links: true } } } });
  return templates.map((t) => serializeTemplate(t, t._count.links));
}

export async function presentTemplate(db: Db, template: Template) {
  return serializeTemplate(template, await db.templateLink.count({ where: { templateId: template.id } }));
}

export async function templateVersions(db: Db, template: Template) {
  const versions = await db.templateVersion.findMany({ where: { templateId: template.id }, orderBy: { version: "desc" } });
  return versions.map(serializeVersion);
}

/** Version numbers are `integer` columns. */
export const MAX_VERSION = 2_147_483_647;

/** One version; an unknown one is a 404 on a path, a 422 naming `field` in a body. */
export async function versionOf(db: Db, template: Template, version: number, field?: string): Promise<TemplateVersion & { parsed: TemplateContent }> {
  const row = Number.isInteger(version) && version >= 1 && version <= MAX_VERSION ? await db.templateVersion.findUnique({ where: { templateId_version: { templateId: template.id, version } } }) : null;
  if (!row) {
    const message = `The template has no version ${version} (its latest is ${template.latestVersion}).`;
    throw field ? validationError({ [field]: [message] }) : notFound(message);
  }
  return { ...row, parsed: contentOf(row) };
}

export const versionWithContent = (v: TemplateVersion & { parsed: TemplateContent }) => ({ ...serializeVersion(v), content: v.parsed });

/** A version's contents by number, each parsed once. */
export async function contentsOf(db: Db, templateId: string, versions: number[]): Promise<Map<number, TemplateContent>> {
  const rows = await db.templateVersion.findMany({ where: { templateId, version: { in: [...new Set(versions)] } } });
  return new Map(rows.map((r) => [r.version, contentOf(r)]));
}

/**
 * The template's live linked chatbots with what comparing them needs, in a few statements whatever their
 * number: each one's state, variables, client, and the contents of the versions they follow.
 */
export async function readLinks(db: Db, template: Template) {
  const links = await db.templateLink.findMany({
    where: { templateId: template.id, chatbot: { deletedAt: null } },
    include: { chatbot: { include: { team: { select: { id: true, name: true, kind: true } } } } },
    orderBy: [{ createdAt: "asc" }, { chatbotId: "asc" }],
  });
  const [states, contents] = await Promise.all([
    readStates(db, links.map((l) => ({ chatbot: l.chatbot, itemIds: itemIdsSchema.parse(l.itemIds) }))),
    contentsOf(db, template.id, links.map((l) => l.version)),
  ]);
  return links.map((l) => ({
    link: l,
    state: states.get(l.chatbotId)!,
    followedContent: contents.get(l.version)!,
    variables: variablesSchema.parse(l.variables),
    base: {
      chatbot_id: l.chatbotId,
      name: l.chatbot.name,
      client: l.chatbot.team.kind === "client" ? { id: l.chatbot.team.id, name: l.chatbot.team.name } : null,
    },
  }));
}

/** The template's linked chatbots (live ones), with their client, the version each follows and its overrides. */
export async function linkedChatbots(db: Db, template: Template) {
  return (await readLinks(db, template)).map(({ link: l, state, followedContent, variables, base }) => {
    const followed = renderContent(followedContent, variables);
    return {
      ...base,
      version: l.version,
      variables,
      overrides: followed.ok ? overridesOf(state, followed.state) : [],
      linked_at: isoMicro(l.createdAt),
    };
  });
}

/** The chatbots a template can be made of: the agency's own and its clients' (the dashboard's picker). */
export async function masterCandidates(db: Db, agency: Agency) {
  const chatbots = await db.chatbot.findMany({
    where: { deletedAt: null, team: { OR: [{ id: agency.id }, { agencyId: agency.id, deletedAt: null }] } },
    select: { id: true, name: true, team: { select: { name: true } } },
    orderBy: [{ team: { name: "asc" } }, { name: "asc" }],
  });
  return chatbots.map((c) => ({ id: c.id, name: c.name, workspace: c.team.name }));
}

/** What a form offers to make an agent from: each template, its latest version and the variables that version needs. */
export async function templateOptions(db: Db, agency: Agency) {
  const templates = await db.template.findMany({ where: { agencyId: agency.id }, orderBy: { name: "asc" } });
  const versions = await db.templateVersion.findMany({ where: { OR: templates.map((t) => ({ templateId: t.id, version: t.latestVersion })) } });
  return templates.map((t) => {
    const latest = versions.find((v) => v.templateId === t.id);
    return { id: t.id, name: t.name, latest_version: t.latestVersion, variables: latest ? contentOf(latest).variables : [] };
  });
}

/** The template each agent of a client workspace follows (the client page). */
export async function clientLinks(db: Db, clientId: string) {
  const links = await db.templateLink.findMany({ where: { chatbot: { teamId: clientId, deletedAt: null } }, include: { template: { select: { id: true, name: true, latestVersion: true } } } });
  return links.map((l) => ({ chatbot_id: l.chatbotId, template: { id: l.template.id, name: l.template.name, latest_version: l.template.latestVersion }, version: l.version }));
}
