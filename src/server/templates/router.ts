import { z } from "zod";
import { agencyOwnerProcedure, chatbotEditProcedure, chatbotProcedure, clientProcedure, createTRPCRouter } from "@/server/access";
import { actorOf, auditedChange, recordAudit, workspaceAuditScope } from "@/server/audit";
import { VARIABLE_NAME } from "./content";
import { chatbotTemplate, revertToTemplate } from "./links";
import { previewVersion } from "./preview";
import { rolloutSchema, rolloutWithChatbotsSchema } from "./rollout-serializer";
import { findRollout, listRollouts, presentRollout, requestRollback, startRollout } from "./rollouts";
import { fieldChangeSchema, linkedChatbotSchema, overrideSchema, templateSchema, templateVersionSchema, templateVersionWithContentSchema } from "./serializer";
import {
  clientLinks,
  createTemplate,
  findTemplate,
  linkedChatbots,
  listTemplates,
  masterCandidates,
  MAX_VERSION,
  presentTemplate,
  publishVersion,
  templateOptions,
  templateVersions,
  versionOf,
  versionWithContent,
} from "./templates";
import { contentAsState } from "./snapshot";
import { contentChanges } from "./plan";

/** Templates (docs/decisions/111-templates-are-data.md, 112): agency owners only, like the rest of `/v1/agency`. */
const tags = ["Agency templates"];

const templateIdParam = z.object({ template_id: z.string().meta({ description: "The template's id" }) });
/** A version on a path: anything that is not one of the template's is a 404. */
const versionParam = z.object({ version: z.string().meta({ description: "The version's number" }) });
const rolloutIdParam = z.object({ rollout_id: z.string().meta({ description: "The rollout's id" }) });

const variables = z
  .record(z.string().regex(VARIABLE_NAME, "A variable's name uses lowercase letters, digits and _ (starting with a letter)."), z.string().trim().min(1).max(2048))
  .refine((v) => Object.keys(v).length <= 20, "At most 20 variables.");
const note = z.string().trim().max(1000).nullable().optional();

/** One template of the caller's agency (input `template_id`): `ctx.template`; another agency's is not found. */
const templateProcedure = agencyOwnerProcedure.input(templateIdParam).use(async ({ ctx, input, next }) => next({ ctx: { ...ctx, template: await findTemplate(ctx.db, ctx.agency, input.template_id) } }));

const templateTarget = (t: { id: string; name: string }) => ({ type: "template", id: t.id, name: t.name });

const fieldStateSchema = z.object({
  field: z.string(),
  label: z.string(),
  state: z.enum(["follows", "overridden"]),
  override: z.enum(["changed", "added", "removed"]).nullable(),
});
const chatbotTemplateSchema = z
  .object({
    template: z.object({ id: z.string(), name: z.string(), latest_version: z.number().int() }),
    version: z.number().int(),
    variables: z.record(z.string(), z.string()),
    fields: z.array(fieldStateSchema),
    overrides: z.number().int(),
  })
  .nullable()
  .meta({ id: "ChatbotTemplateLink" });

export const agencyTemplatesRouter = createTRPCRouter({
  create: agencyOwnerProcedure
    .meta({ rest: { method: "POST", path: "/v1/agency/templates", summary: "Make a template of an agency chatbot: its current state is version 1", status: 201, idempotency: "optional", tags } })
    .input(
      z.object({
        chatbot_id: z.string().max(100).meta({ description: "The master chatbot: any live chatbot of the agency or of its clients" }),
        name: z.string().trim().min(1).max(120),
        note,
        variables: variables.optional().meta({ description: "The master's own values of the variables (default: its site as `client_website`)" }),
      }),
    )
    .output(z.object({ template: templateSchema, version: templateVersionSchema }))
    .mutation(({ ctx, input }) =>
      auditedChange(ctx.db, async (db) => {
        const { template, version } = await createTemplate(db, ctx.agency, ctx.user.id, input);
        await recordAudit(db, { agencyId: ctx.agency.id, teamId: null, actor: actorOf(ctx), action: "template.created", target: templateTarget(template), after: { chatbot_id: input.chatbot_id, version: 1, variables: template.variables } });
        return { template, version };
      }),
    ),

  list: agencyOwnerProcedure
    .meta({ rest: { method: "GET", path: "/v1/agency/templates", summary: "The agency's templates, newest first", tags } })
    .input(z.object({}).optional())
    .output(z.object({ templates: z.array(templateSchema) }))
    .query(async ({ ctx }) => ({ templates: await listTemplates(ctx.db, ctx.agency) })),

  get: templateProcedure
    .meta({ rest: { method: "GET", path: "/v1/agency/templates/{template_id}", summary: "A template, its versions (newest first) and the chatbots linked to it", tags } })
    .output(z.object({ template: templateSchema, versions: z.array(templateVersionSchema), chatbots: z.array(linkedChatbotSchema) }))
    .query(async ({ ctx }) => {
      const [template, versions, chatbots] = await Promise.all([presentTemplate(ctx.db, ctx.template), templateVersions(ctx.db, ctx.template), linkedChatbots(ctx.db, ctx.template)]);
      return { template, versions, chatbots };
    }),

  publish: templateProcedure
    .meta({ rest: { method: "POST", path: "/v1/agency/templates/{template_id}/versions", summary: "Publish the master chatbot's current state as the next version", status: 201, idempotency: "optional", tags } })
    .input(z.object({ note, variables: variables.optional() }))
    .output(z.object({ template: templateSchema, version: templateVersionSchema }))
    .mutation(({ ctx, input }) =>
      auditedChange(ctx.db, async (db) => {
        const published = await publishVersion(db, ctx.agency, ctx.template, ctx.user.id, input);
        await recordAudit(db, { agencyId: ctx.agency.id, teamId: null, actor: actorOf(ctx), action: "template.published", target: templateTarget(ctx.template), after: { version: published.version.version, note: published.version.note } });
        return { template: await presentTemplate(db, published.template), version: published.version };
      }),
    ),

  versions: templateProcedure
    .meta({ rest: { method: "GET", path: "/v1/agency/templates/{template_id}/versions", summary: "A template's versions, newest first, with their notes", tags } })
    .output(z.object({ versions: z.array(templateVersionSchema) }))
    .query(async ({ ctx }) => ({ versions: await templateVersions(ctx.db, ctx.template) })),

  version: templateProcedure
    .meta({ rest: { method: "GET", path: "/v1/agency/templates/{template_id}/versions/{version}", summary: "One version with its content", tags } })
    .input(versionParam)
    .output(z.object({ version: templateVersionWithContentSchema }))
    .query(async ({ ctx, input }) => ({ version: versionWithContent(await versionOf(ctx.db, ctx.template, Number(input.version))) })),

  chatbots: templateProcedure
    .meta({ rest: { method: "GET", path: "/v1/agency/templates/{template_id}/chatbots", summary: "The chatbots linked to a template: client, version followed, variables, overrides", tags } })
    .output(z.object({ chatbots: z.array(linkedChatbotSchema) }))
    .query(async ({ ctx }) => ({ chatbots: await linkedChatbots(ctx.db, ctx.template) })),

  preview: templateProcedure
    .meta({ rest: { method: "GET", path: "/v1/agency/templates/{template_id}/versions/{version}/preview", summary: "Per linked chatbot: the fields the version would change and the overrides it would keep", tags } })
    .input(versionParam)
    .output(
      z.object({
        template_id: z.string(),
        version: z.number().int(),
        chatbots: z.array(
          z.object({
            chatbot_id: z.string(),
            name: z.string(),
            client: z.object({ id: z.string(), name: z.string() }).nullable(),
            from_version: z.number().int(),
            status: z.enum(["changes", "no_changes", "skipped"]),
            reason: z.string().nullable(),
            changes: z.array(fieldChangeSchema),
            kept_overrides: z.array(overrideSchema),
          }),
        ),
      }),
    )
    .query(({ ctx, input }) => previewVersion(ctx.db, ctx.template, Number(input.version))),

  startRollout: templateProcedure
    .meta({ rest: { method: "POST", path: "/v1/agency/templates/{template_id}/rollouts", summary: "Roll a version out to linked chatbots, in batches, behind the quality gate", status: 202, idempotency: "optional", tags } })
    .input(
      z.object({
        version: z.number().int().min(1).max(MAX_VERSION),
        chatbot_ids: z.union([z.literal("all"), z.array(z.string().max(100)).min(1).max(10_000)]).meta({ description: '"all" the linked chatbots, or some of them' }),
        max_score_drop: z.number().min(0).max(100).nullable().optional().meta({ description: "Roll a chatbot back when its quality score falls by more than this (default 5 points; null: no gate)" }),
      }),
    )
    .output(z.object({ rollout: rolloutWithChatbotsSchema }))
    .mutation(({ ctx, input }) =>
      auditedChange(ctx.db, async (db) => {
        const rollout = await startRollout(db, ctx.template, actorOf(ctx), input);
        const presented = await presentRollout(db, rollout);
        await recordAudit(db, { agencyId: ctx.agency.id, teamId: null, actor: actorOf(ctx), action: "template.rollout_started", target: templateTarget(ctx.template), after: { rollout_id: rollout.id, version: rollout.version, chatbots: presented.chatbots.length, max_score_drop: rollout.maxScoreDrop } });
        return { rollout: presented };
      }),
    ),

  rollouts: templateProcedure
    .meta({ rest: { method: "GET", path: "/v1/agency/templates/{template_id}/rollouts", summary: "A template's rollouts, newest first (the last 50)", tags } })
    .output(z.object({ rollouts: z.array(rolloutSchema) }))
    .query(async ({ ctx }) => ({ rollouts: await listRollouts(ctx.db, ctx.template) })),

  rollout: templateProcedure
    .meta({ rest: { method: "GET", path: "/v1/agency/templates/{template_id}/rollouts/{rollout_id}", summary: "A rollout's progress: each chatbot pending, applied, skipped or rolled back, with its quality gate", tags } })
    .input(rolloutIdParam)
    .output(z.object({ rollout: rolloutWithChatbotsSchema }))
    .query(async ({ ctx, input }) => ({ rollout: await presentRollout(ctx.db, await findRollout(ctx.db, ctx.template, input.rollout_id)) })),

  rollback: templateProcedure
    .meta({ rest: { method: "POST", path: "/v1/agency/templates/{template_id}/rollouts/{rollout_id}/rollback", summary: "Put every chatbot of a rollout back as it was, overrides included", status: 202, idempotency: "optional", tags } })
    .input(rolloutIdParam)
    .output(z.object({ rollout: rolloutWithChatbotsSchema }))
    .mutation(({ ctx, input }) =>
      auditedChange(ctx.db, async (db) => {
        const rollout = await findRollout(db, ctx.template, input.rollout_id);
        if (await requestRollback(db, rollout)) {
          await recordAudit(db, { agencyId: ctx.agency.id, teamId: null, actor: actorOf(ctx), action: "template.rollback_started", target: templateTarget(ctx.template), after: { rollout_id: rollout.id, version: rollout.version } });
        }
        return { rollout: await presentRollout(db, await findRollout(db, ctx.template, rollout.id)) };
      }),
    ),

  // Dashboard-only (tRPC): the picker of master chatbots, the forms' templates, a client's agents' templates.
  masters: agencyOwnerProcedure.query(({ ctx }) => masterCandidates(ctx.db, ctx.agency)),
  options: agencyOwnerProcedure.query(({ ctx }) => templateOptions(ctx.db, ctx.agency)),
  clientLinks: clientProcedure.query(({ ctx }) => clientLinks(ctx.db, ctx.client.id)),

  // Dashboard-only (tRPC): what one version changes from another.
  diff: templateProcedure
    .input(z.object({ from: z.number().int().min(1).max(MAX_VERSION), to: z.number().int().min(1).max(MAX_VERSION) }))
    .output(z.object({ changes: z.array(fieldChangeSchema) }))
    .query(async ({ ctx, input }) => {
      const [from, to] = await Promise.all([versionOf(ctx.db, ctx.template, input.from, "from"), versionOf(ctx.db, ctx.template, input.to, "to")]);
      return { changes: contentChanges(contentAsState(from.parsed), contentAsState(to.parsed)) };
    }),
});

/** A chatbot's side: which template it follows, each field following it or overridden, and "revert to template". */
export const chatbotTemplateRouter = createTRPCRouter({
  get: chatbotProcedure
    .meta({ rest: { method: "GET", path: "/v1/{chatbot_id}/template", summary: "The template the chatbot follows (null: none), each field following it or overridden", tags: ["Chatbot"] } })
    .output(z.object({ link: chatbotTemplateSchema }))
    .query(async ({ ctx }) => ({ link: await chatbotTemplate(ctx.db, ctx.chatbot) })),

  revert: chatbotEditProcedure
    .meta({ rest: { method: "POST", path: "/v1/{chatbot_id}/template/revert", summary: "Set overridden fields back to the template's version the chatbot follows", idempotency: "optional", tags: ["Chatbot"] } })
    .input(z.object({ fields: z.array(z.string().max(200)).min(1).max(200) }))
    .output(z.object({ reverted: z.array(fieldChangeSchema), link: chatbotTemplateSchema }))
    .mutation(({ ctx, input }) =>
      auditedChange(ctx.db, async (db) => {
        const { reverted, link, template } = await revertToTemplate(db, ctx.chatbot, input.fields);
        const scope = await workspaceAuditScope(db, ctx.chatbot.teamId);
        await recordAudit(db, {
          agencyId: scope.agencyId,
          teamId: scope.teamId,
          actor: actorOf(ctx),
          action: "template.field_reverted",
          target: { type: "chatbot", id: ctx.chatbot.id, name: ctx.chatbot.name },
          before: { fields: reverted.map((r) => r.field) },
          after: { template_id: template.id, version: link.version },
        });
        return { reverted, link };
      }),
    ),
});
