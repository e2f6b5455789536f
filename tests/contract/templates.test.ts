/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are checked field by field */
import type { Runner } from "graphile-worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { updateChatbotSettings } from "@/server/chatbots/settings";
import { createSuggestedMessage } from "@/server/chatbots/suggested-messages";
import { createUpdatedAnswer } from "@/server/chatbots/updated-answers";
import { deleteSource } from "@/server/training/sources";
import { MICRO_TIMESTAMP } from "@/server/kernel/lib/timestamps";
import { startWorkers } from "@/server/transport/workers";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, chatbot, clientWorkspace } from "../helpers/fixtures";
import { waitFor } from "../helpers/https-receiver";
import { apiClient } from "../helpers/http";
import { startAppServer } from "../helpers/server";
import { demoDentalChatbot } from "../helpers/template-fixtures";
import { startPetGroomingSite } from "../helpers/website-fixtures";

/**
 * Templates over real HTTP (docs/decisions/111-templates-are-data.md, 112): the agency's journey — a template
 * of a demo chatbot, three clients made from it with their own site, an override, version 2 previewed and
 * rolled out, a version 3 the quality gate rolls back on every chatbot, a rollback, a revert — and every bad
 * input a clear 4xx naming its field.
 */
process.env.CRAWLER_ALLOW_PRIVATE_NETWORKS = "true";
let db: Db;
let api: ReturnType<typeof apiClient>;
let base: string;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let stranger: Awaited<ReturnType<typeof agencyOwner>>;
let runner: Runner;
let demo: Awaited<ReturnType<typeof demoDentalChatbot>>;
const sites: Array<Awaited<ReturnType<typeof startPetGroomingSite>>> = [];
let templateId: string;
const clients: Array<{ id: string; chatbotId: string; site: string }> = [];

beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.db;
  owner = await agencyOwner(db);
  stranger = await agencyOwner(db);
  for (let i = 0; i < 4; i++) sites.push(await startPetGroomingSite());
  demo = await demoDentalChatbot(db, owner, sites[0]!.url("/"));
  base = (await startAppServer(created.url)).baseUrl;
  api = apiClient(base);
  runner = await startWorkers(created.url, { concurrency: 6 });
}, 120_000);

afterAll(async () => {
  await runner?.stop();
  for (const site of sites) await site.close();
});

const post = (path: string, body: unknown, token = owner.token, key?: string) => api("POST", path, { token, body, key });
const get = (path: string, token = owner.token) => api("GET", path, { token });
const rolloutDone = (id: string) =>
  waitFor(async () => {
    const res = await get(`/v1/agency/templates/${templateId}/rollouts/${id}`);
    return res.body.rollout.status === "completed" || res.body.rollout.status === "rolled_back" ? res.body.rollout : null;
  }, 120_000, `rollout ${id}`);
/** Every source trained and every evaluation done, the last one completed. */
const settled = (chatbotId: string) =>
  waitFor(async () => {
    const [sources, evaluations] = await Promise.all([get(`/v1/${chatbotId}/sources`), get(`/v1/${chatbotId}/evaluations`)]);
    const trained = sources.body.every((s: any) => s.status === "trained");
    return trained && evaluations.body.data[0]?.status === "completed" && evaluations.body.data.every((e: any) => e.status === "completed");
  }, 120_000, `chatbot ${chatbotId} trained and evaluated`);
const settingsOf = async (chatbotId: string) => (await get(`/v1/${chatbotId}`)).body;
const promptsOf = async (chatbotId: string) => (await get(`/v1/${chatbotId}/prompts`)).body.map((p: any) => p.name);

describe("templates", () => {
  it("makes a template of an agency chatbot: version 1, its site as {client_website}", async () => {
    const res = await post("/v1/agency/templates", { chatbot_id: demo.bot.id, name: "Dental practice", note: "First cut" });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.template).sort()).toEqual(["created_at", "id", "latest_version", "linked_chatbots", "master_chatbot_id", "name", "updated_at", "variables"]);
    expect(res.body.template).toMatchObject({ name: "Dental practice", master_chatbot_id: demo.bot.id, latest_version: 1, linked_chatbots: 0, variables: { client_website: sites[0]!.base } });
    expect(res.body.template.created_at).toMatch(MICRO_TIMESTAMP);
    expect(res.body.version).toMatchObject({ template_id: res.body.template.id, version: 1, note: "First cut", variables: ["client_name", "client_website"] });
    templateId = res.body.template.id;

    const version = await get(`/v1/agency/templates/${templateId}/versions/1`);
    expect(version.body.version.content.settings.welcome_message).toBe("Welcome to {client_name}! How can we help?");
    expect(version.body.version.content.items.sources.map((s: any) => s.value.url ?? s.value.title)).toEqual(["{client_website}/", "Opening hours"]);
    expect((await get("/v1/agency/templates")).body.templates.map((t: any) => t.id)).toEqual([templateId]);
  });

  it("refuses another agency's chatbot, a bad name, a stranger's template, a non-agency caller", async () => {
    const foreignTeam = await clientWorkspace(db, stranger.agency);
    const foreign = await chatbot(db, foreignTeam.id, stranger.user.id);
    const refused = await post("/v1/agency/templates", { chatbot_id: foreign.id, name: "Copy" });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.chatbot_id).toEqual(["No chatbot with this id in your agency."]);
    expect((await post("/v1/agency/templates", { chatbot_id: demo.bot.id, name: "" })).body.errors).toHaveProperty("name");
    expect((await get(`/v1/agency/templates/${templateId}`, stranger.token)).status).toBe(404);
    expect((await get("/v1/agency/templates/not-a-uuid")).status).toBe(404);
    expect((await get(`/v1/agency/templates/${templateId}/versions/9`)).status).toBe(404);
    expect((await api("GET", "/v1/agency/templates")).status).toBe(401);
  });

  it("creates clients and agents from the template, each with its own site; a missing variable, template or version is a 422 naming it", async () => {
    const missing = await post("/v1/agency/clients", { name: "No Site Dental", template_id: templateId }, owner.token, "k-missing");
    expect(missing.status).toBe(422);
    expect(missing.body.errors["variables.client_website"]).toEqual([expect.stringContaining("{client_website}")]);
    expect((await post("/v1/agency/clients", { name: "X", template_id: crypto.randomUUID(), variables: { client_website: sites[1]!.base } }, owner.token, "k-unknown")).body.errors).toHaveProperty("template_id");
    expect((await post("/v1/agency/clients", { name: "X", template_id: templateId, version: 7, variables: { client_website: sites[1]!.base } }, owner.token, "k-version")).body.errors).toHaveProperty("version");
    expect((await post("/v1/agency/clients", { name: "X", version: 1 }, owner.token, "k-alone")).body.errors).toHaveProperty("version");
    expect(await db.team.count({ where: { agencyId: owner.agency.id, name: { in: ["No Site Dental", "X"] } } })).toBe(0);

    for (const [i, name] of ["Smile Dental", "Bright Teeth"].entries()) {
      const res = await post("/v1/agency/clients", { name, template_id: templateId, variables: { client_website: sites[i + 1]!.url("/") } }, owner.token, `k-${name}`);
      expect(res.status).toBe(201);
      expect(res.body.chatbot).toMatchObject({ name });
      clients.push({ id: res.body.client.id, chatbotId: res.body.chatbot.id, site: sites[i + 1]!.url("/") });
    }
    const third = await post("/v1/agency/clients", { name: "Gentle Care" }, owner.token, "k-gentle");
    const agent = await post(`/v1/agency/clients/${third.body.client.id}/chatbots`, { name: "Gentle Care assistant", template_id: templateId, version: 1, variables: { client_website: sites[3]!.base } });
    expect(agent.status).toBe(201);
    clients.push({ id: third.body.client.id, chatbotId: agent.body.chatbot.id, site: sites[3]!.url("/") });

    const smile = clients[0]!.chatbotId;
    expect(await settingsOf(smile)).toMatchObject({ welcome_message: "Welcome to Smile Dental! How can we help?", system_prompt: "You are the friendly assistant of Smile Dental, a dental practice." });
    const sources = (await get(`/v1/${smile}/sources`)).body;
    expect(sources.filter((s: any) => s.indexer_id === null).map((s: any) => s.url ?? s.title).sort()).toEqual([clients[0]!.site, "Opening hours"].sort());
    expect((await get(`/v1/${smile}/finetunes`)).body[0].suggested_answer).toBe("Yes, Smile Dental welcomes new patients.");
    const link = (await get(`/v1/${smile}/template`)).body.link;
    expect(link).toMatchObject({ template: { id: templateId, name: "Dental practice", latest_version: 1 }, version: 1, overrides: 0, variables: { client_name: "Smile Dental", client_website: clients[0]!.site } });
    expect(link.fields.every((f: any) => f.state === "follows")).toBe(true);
    // Each is trained from its own site and evaluated: the score the gate will compare with.
    for (const c of clients) await settled(c.chatbotId);
  }, 300_000);

  it("lists a client's override as kept in the preview of version 2, rolls it out to all, and the rollout retried applies nothing twice", async () => {
    const [smile, bright] = clients;
    await updateChatbotSettings(db, await db.chatbot.findUniqueOrThrow({ where: { id: smile!.chatbotId } }), { welcome_message: "Hi from Smile!" });
    const own = await createUpdatedAnswer(db, bright!.chatbotId, { question: "Is there parking?", suggested_answer: "Yes, behind the building." });
    expect((await get(`/v1/${smile!.chatbotId}/template`)).body.link.fields.find((f: any) => f.field === "settings.welcome_message")).toMatchObject({ state: "overridden", override: "changed" });

    await updateChatbotSettings(db, demo.bot, { system_prompt: "You are the assistant of {client_name}. Offer to book an appointment." });
    await createSuggestedMessage(db, demo.bot.id, { type: "link", name: "Book an appointment", prompt: "", url: `${sites[0]!.base}/book`, action_id: "" });
    const published = await post(`/v1/agency/templates/${templateId}/versions`, { note: "Booking button, new prompt" });
    expect(published.status).toBe(201);
    expect(published.body.version).toMatchObject({ version: 2, note: "Booking button, new prompt" });

    const preview = (await get(`/v1/agency/templates/${templateId}/versions/2/preview`)).body;
    const row = (id: string) => preview.chatbots.find((c: any) => c.chatbot_id === id);
    expect(row(smile!.chatbotId).changes.map((c: any) => c.label)).toEqual(["System prompt", "Suggested message: Book an appointment"]);
    expect(row(smile!.chatbotId).kept_overrides).toEqual([expect.objectContaining({ field: "settings.welcome_message", override: "changed", chatbot: "Hi from Smile!" })]);
    expect(row(bright!.chatbotId).kept_overrides).toEqual([expect.objectContaining({ field: `updated_answers.added.${own.id}`, override: "added" })]);
    expect(row(smile!.chatbotId)).toMatchObject({ status: "changes", from_version: 1, client: { id: smile!.id, name: "Smile Dental" } });

    const started = await post(`/v1/agency/templates/${templateId}/rollouts`, { version: 2, chatbot_ids: "all" }, owner.token, "rollout-v2");
    expect(started.status).toBe(202);
    expect(started.body.rollout).toMatchObject({ version: 2, status: "running", max_score_drop: 5, counts: { pending: 3 } });
    // A second rollout on the same chatbots while the first runs: refused, naming them.
    const twice = await post(`/v1/agency/templates/${templateId}/rollouts`, { version: 1, chatbot_ids: [smile!.chatbotId] });
    expect(twice.status).toBe(422);
    expect(twice.body.errors.chatbot_ids[0]).toContain(smile!.chatbotId);
    // The same request with its key: the same rollout, replayed.
    const replay = await post(`/v1/agency/templates/${templateId}/rollouts`, { version: 2, chatbot_ids: "all" }, owner.token, "rollout-v2");
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.rollout.id).toBe(started.body.rollout.id);

    const done = await rolloutDone(started.body.rollout.id);
    expect(done).toMatchObject({ status: "completed", counts: { pending: 0, applied: 3, skipped: 0, rolled_back: 0, checking: 0 } });
    expect(done.completed_at).toMatch(MICRO_TIMESTAMP);
    expect(done.chatbots.every((c: any) => c.status === "applied" && c.quality.status === "passed" && c.from_version === 1)).toBe(true);
    expect(await settingsOf(smile!.chatbotId)).toMatchObject({ welcome_message: "Hi from Smile!", system_prompt: "You are the assistant of Smile Dental. Offer to book an appointment." });
    expect(await promptsOf(smile!.chatbotId)).toEqual(["Opening hours", "Book an appointment"]);
    expect((await get(`/v1/${bright!.chatbotId}/finetunes`)).body.map((f: any) => f.question)).toContain("Is there parking?");
    const links = (await get(`/v1/${bright!.chatbotId}/prompts`)).body.find((p: any) => p.name === "Book an appointment");
    expect(links.action).toEqual({ type: "url", url: `${bright!.site}book` });

    // Retried without its key once done: every chatbot is already on version 2, nothing is applied again.
    const again = await post(`/v1/agency/templates/${templateId}/rollouts`, { version: 2, chatbot_ids: "all" });
    const redone = await rolloutDone(again.body.rollout.id);
    expect(redone.chatbots.map((c: any) => [c.status, c.reason])).toEqual(clients.map(() => ["skipped", "Already on version 2."]));
    expect(await promptsOf(smile!.chatbotId)).toEqual(["Opening hours", "Book an appointment"]);
  }, 240_000);

  it("rolls back, by its quality gate, a version that removes the source the quality questions need — on every chatbot", async () => {
    await deleteSource(db, demo.bot, demo.hours.id);
    const v3 = await post(`/v1/agency/templates/${templateId}/versions`, { note: "Without the hours" });
    expect(v3.body.version.version).toBe(3);
    const diff = (await get(`/v1/agency/templates/${templateId}/versions/3/preview`)).body.chatbots[0].changes;
    expect(diff).toEqual([expect.objectContaining({ label: "Source: Opening hours", change: "removed" })]);

    const started = await post(`/v1/agency/templates/${templateId}/rollouts`, { version: 3, chatbot_ids: "all" });
    const done = await rolloutDone(started.body.rollout.id);
    expect(done.status).toBe("completed");
    expect(done.counts, JSON.stringify(done.chatbots, null, 1)).toMatchObject({ applied: 0, rolled_back: 3 });
    for (const c of done.chatbots) {
      expect(c.quality.status).toBe("failed");
      expect(c.quality.score_after).toBeLessThan(c.quality.score_before - 5);
      expect(c.reason).toMatch(/^Rolled back by the quality gate/);
    }
    for (const c of clients) {
      expect((await get(`/v1/${c.chatbotId}/template`)).body.link.version).toBe(2);
      expect((await get(`/v1/${c.chatbotId}/sources`)).body.map((s: any) => s.title)).toContain("Opening hours");
    }
    const logged = (await get("/v1/agency/audit-log?action=template.chatbot_rolled_back")).body;
    expect(logged.total).toBe(3);
  }, 240_000);

  it("rolls a rollout back on request, overrides included; reverts an override to the template", async () => {
    const v2 = (await get(`/v1/agency/templates/${templateId}/rollouts`)).body.rollouts.find((r: any) => r.version === 2 && r.counts.applied === 3);
    const asked = await post(`/v1/agency/templates/${templateId}/rollouts/${v2.id}/rollback`, {});
    expect(asked.status).toBe(202);
    expect(asked.body.rollout.status).toBe("rolling_back");
    const done = await rolloutDone(v2.id);
    expect(done).toMatchObject({ status: "rolled_back", counts: { rolled_back: 3 } });
    const smile = clients[0]!.chatbotId;
    expect(await settingsOf(smile)).toMatchObject({ welcome_message: "Hi from Smile!", system_prompt: "You are the friendly assistant of Smile Dental, a dental practice." });
    expect(await promptsOf(smile)).toEqual(["Opening hours"]);
    expect((await get(`/v1/${smile}/template`)).body.link.version).toBe(1);

    const notOverridden = await post(`/v1/${smile}/template/revert`, { fields: ["settings.system_prompt"] });
    expect(notOverridden.status).toBe(422);
    expect(notOverridden.body.errors).toHaveProperty("fields");
    const reverted = await post(`/v1/${smile}/template/revert`, { fields: ["settings.welcome_message"] });
    expect(reverted.status).toBe(200);
    expect(reverted.body.link.overrides).toBe(0);
    expect((await settingsOf(smile)).welcome_message).toBe("Welcome to Smile Dental! How can we help?");
    expect((await post(`/v1/${demo.bot.id}/template/revert`, { fields: ["settings.welcome_message"] })).body.errors).toHaveProperty("chatbot_id");

    const events = await db.outboxEvent.findMany({ where: { type: "template.rollout_completed" }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => (e.data as any).rollout.status)).toEqual(["completed", "completed", "completed", "rolled_back"]);
  }, 120_000);

  it("refuses a rollout to a chatbot not linked, an unknown version, an unknown rollout", async () => {
    const path = `/v1/agency/templates/${templateId}/rollouts`;
    const notLinked = await post(path, { version: 1, chatbot_ids: [demo.bot.id] });
    expect(notLinked.status).toBe(422);
    expect(notLinked.body.errors.chatbot_ids).toEqual([`Not linked to this template: ${demo.bot.id}.`]);
    expect((await post(path, { version: 42, chatbot_ids: "all" })).body.errors.version).toEqual([expect.stringContaining("no version 42")]);
    expect((await post(path, { version: 1, chatbot_ids: [] })).body.errors).toHaveProperty("chatbot_ids");
    expect((await post(path, { version: 1, chatbot_ids: "all", max_score_drop: 500 })).body.errors).toHaveProperty("max_score_drop");
    expect((await get(`${path}/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await post(path, { version: 1, chatbot_ids: "all" }, stranger.token)).status).toBe(404);
  });

  it("is documented in the OpenAPI document", async () => {
    const doc = await (await fetch(`${base}/v1/openapi.json`)).json();
    for (const p of ["/v1/agency/templates", "/v1/agency/templates/{template_id}/versions/{version}/preview", "/v1/agency/templates/{template_id}/rollouts/{rollout_id}/rollback", "/v1/{chatbot_id}/template/revert"]) {
      expect(doc.paths[p], p).toBeDefined();
    }
    expect(doc.paths["/v1/agency/clients"].post.requestBody.content["application/json"].schema.properties).toHaveProperty("template_id");
  });
});
