import { beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "@/server/transport/root";
import { auditedChange, recordChannelChange } from "@/server/audit";
import { poolOf, type Db } from "@/server/kernel/db/client";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, teamMember } from "../helpers/fixtures";
import { trpcFailure } from "../helpers/trpc-failure";
import { onCleanup } from "../helpers/cleanup";
import { startHubspotStub, type HubspotStub } from "../helpers/hubspot-server";

/** The audit log (docs/decisions/061-audit-log.md) — what is recorded, by whom, with before/after; filters, CSV; append-only. */
let db: Db;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let hubspot: HubspotStub;
/** The owner through an API token (REST's caller), and through the dashboard. */
const viaToken = () => createCaller({ db, user: owner.user, via: "token", tokenId: owner.apiToken.id });
const viaSession = () => createCaller({ db, user: owner.user, via: "session", tokenId: null });

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
  hubspot = await startHubspotStub();
  onCleanup(hubspot.stop);
  // Read once by src/server/kernel/env.ts on first use, which comes after this.
  process.env.HUBSPOT_API_BASE_URL = hubspot.baseUrl;
  ({ db } = await createTestDatabase());
  owner = await agencyOwner(db);
});

describe("the audit log", () => {
  it("records client, credit, status, invitation, role, token, key and webhook changes with actor, target and before/after", async () => {
    const { client } = await viaToken().agencyClients.create({ name: "Audited Co", message_limit: 100 });
    await viaToken().agencyClients.update({ client_id: client.id, message_limit: 200, enabled_integrations: ["actions"], auto_topup: { threshold: 5, amount: 50, monthly_cap: 100 } });
    await viaToken().agencyClients.topUp({ client_id: client.id, amount: 25 });
    await viaToken().agencyClients.pause({ client_id: client.id, mode: "soft" });
    await viaToken().agencyClients.pause({ client_id: client.id, mode: "soft" });
    await viaToken().agencyClients.resume({ client_id: client.id });
    await viaToken().agencyClients.suspend({ client_id: client.id });
    await viaSession().lifecycle.setLowCreditThreshold({ client_id: client.id, threshold: 10 });
    const member = await teamMember(db, client.id, "member", "Role Person");
    await viaSession().team.changeRole({ team_id: client.id, user_id: member.user.id, role: "editor" });
    const invited = await viaSession().agencyClients.invite({ client_id: client.id, email: "who@audited.example", role: "member" });
    await viaSession().agencyClients.revokeInvitation({ client_id: client.id, invitation_id: invited.id });
    const { api_token } = await viaSession().apiTokens.create({ name: "CI token" });
    await viaSession().apiTokens.revoke({ id: api_token.id });
    await viaSession().llmKeys.setAgency({ api_key: "sk-test-audit-1234" });
    const { webhook } = await viaToken().agencyWebhooks.create({ url: "https://hooks.example/audit", events: null });
    await viaToken().agencyWebhooks.update({ webhook_id: webhook.id, active: false });
    await viaToken().agencyWebhooks.delete({ webhook_id: webhook.id });

    const log = await viaToken().audit.list({ per_page: 100 });
    expect(Object.keys(log).sort()).toEqual(["current_page", "data", "per_page", "total"]);
    const actions = log.data.map((e) => e.action).reverse();
    expect(actions).toEqual([
      "client.created",
      "client.limits_changed",
      "client.integrations_changed",
      "client.auto_topup_changed",
      "client.topped_up",
      "client.paused",
      "client.resumed",
      "client.suspended",
      "client.low_credit_alert_changed",
      "member.role_changed",
      "invitation.created",
      "invitation.revoked",
      "api_token.created",
      "api_token.revoked",
      "llm_key.set",
      "webhook.created",
      "webhook.updated",
      "webhook.deleted",
    ]);
    const byAction = new Map(log.data.map((e) => [e.action, e]));
    expect(byAction.get("client.limits_changed")).toMatchObject({
      actor: { type: "api_token", user_id: owner.user.id, token_id: owner.apiToken.id, name: "Agency Owner" },
      target: { type: "client", id: client.id, name: "Audited Co" },
      client_id: client.id,
      before: { message_limit: 100 },
      after: { message_limit: 200 },
    });
    expect(byAction.get("client.auto_topup_changed")).toMatchObject({ before: { auto_topup: null }, after: { auto_topup: { threshold: 5, amount: 50, monthly_cap: 100 } } });
    expect(byAction.get("client.paused")).toMatchObject({ before: { status: "active", pause_mode: null }, after: { status: "paused", pause_mode: "soft" } });
    expect(byAction.get("member.role_changed")).toMatchObject({ actor: { type: "user", token_id: null }, target: { type: "member", name: "Role Person" }, before: { role: "member" }, after: { role: "editor" } });
    expect(byAction.get("llm_key.set")!.after).toEqual({ last4: "1234" });
    expect(JSON.stringify(log.data)).not.toContain("sk-test-audit");
    expect(byAction.get("webhook.updated")).toMatchObject({ before: { active: true }, after: { active: false } });
    expect(log.data[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
  });

  it("filters by action, client, actor type and day, pages, and downloads as CSV", async () => {
    const { client } = await viaSession().agencyClients.create({ name: "Filter Co, \"quoted\"", message_limit: 10 });
    await viaSession().agencyClients.topUp({ client_id: client.id, amount: 5 });
    const topups = await viaToken().audit.list({ action: "client.topped_up", client_id: client.id });
    expect(topups).toMatchObject({ total: 1, data: [{ action: "client.topped_up", actor: { type: "user" }, after: { amount: 5 } }] });
    expect((await viaToken().audit.list({ actor_type: "system" })).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const all = await viaToken().audit.list({ from: today, to: today });
    expect(all.total).toBeGreaterThan(2);
    expect((await viaToken().audit.list({ to: "2000-01-01" })).total).toBe(0);
    const page2 = await viaToken().audit.list({ per_page: 1, page: 2 });
    expect(page2).toMatchObject({ current_page: 2, per_page: 1, total: all.total });
    expect(page2.data[0]!.id).toBe(all.data[1]!.id);
    const bad = await trpcFailure(viaToken().audit.list({ action: "nope" as never, from: "2026-13-40" }));
    expect(bad.code).toBe("UNPROCESSABLE_CONTENT");

    const { csv, rows } = await viaSession().audit.csv({ client_id: client.id });
    expect(rows).toBe(2);
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("time,action,what,actor_type,actor,target_type,target,target_id,client_id,before,after");
    expect(lines[1]).toContain(',client.topped_up,Top-up,user,Agency Owner,client,"Filter Co, ""quoted""",');
  });

  it("is another agency's owner's to read only, and append-only in the database", async () => {
    const other = await agencyOwner(db);
    const theirs = await createCaller({ db, user: other.user, via: "token", tokenId: other.apiToken.id }).audit.list({});
    expect(theirs.total).toBe(0);
    const pool = poolOf(db);
    await expect(pool.query("UPDATE audit_log SET actor_name = 'someone else'")).rejects.toThrow(/append-only/);
    await expect(pool.query("DELETE FROM audit_log")).rejects.toThrow(/append-only/);
    await expect(pool.query("TRUNCATE audit_log")).rejects.toThrow(/append-only/);
  });

  it("records chatbots created and deleted on every path, and the channel changes", async () => {
    const { client } = await viaToken().agencyClients.create({ name: "Bots Co", chatbot: { name: "First bot" } });
    const { chatbot } = await viaToken().agencyClients.createAgent({ client_id: client.id, name: "REST bot" });
    const dashboardBot = await viaSession().chatbots.create({ team_id: client.id, name: "Dashboard bot" });
    await viaSession().lifecycle.deleteChatbot({ chatbot_id: dashboardBot.id });
    await auditedChange(db, (tx) =>
      recordChannelChange(tx, { agencyId: owner.agency.id, teamId: client.id, actor: { userId: owner.user.id, tokenId: null, name: "Agency Owner" }, connected: true, chatbot: { id: chatbot.id, name: "REST bot" }, channel: { id: "ch-1", kind: "whatsapp", name: "+1 555 0100" } }),
    );

    const log = (await viaToken().audit.list({ client_id: client.id, per_page: 100 })).data.reverse();
    expect(log.filter((e) => e.target.type === "chatbot").map((e) => [e.action, e.target.name])).toEqual([
      ["chatbot.created", "First bot"],
      ["chatbot.created", "REST bot"],
      ["chatbot.created", "Dashboard bot"],
      ["chatbot.deleted", "Dashboard bot"],
    ]);
    expect(log.find((e) => e.action === "chatbot.deleted")).toMatchObject({ actor: { type: "user" }, before: { name: "Dashboard bot", workspace: "Bots Co" }, after: null });
    expect(log.at(-1)).toMatchObject({ action: "channel.connected", target: { type: "channel", id: "ch-1", name: "+1 555 0100" }, after: { kind: "whatsapp", chatbot_id: chatbot.id } });
  });

  it("records HTTP action and HubSpot changes in the workspace's log, never a header value or the token", async () => {
    const { client, chatbot } = await viaToken().agencyClients.create({ name: "Actions Co", chatbot: { name: "Order bot" } });
    const bot = { chatbot_id: chatbot!.id };
    const definition = { name: "order_status", description: "Looks up an order", method: "GET" as const, url: "https://shop.example/orders/{id}", parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] } };
    const action = await viaToken().actions.create({ ...bot, ...definition, headers: [{ name: "Authorization", value: "Bearer header-secret-1" }] });
    await viaToken().actions.update({ ...bot, action_id: action.id, description: "Looks up an order by number" });
    await viaToken().actions.update({ ...bot, action_id: action.id, headers: [{ name: "Authorization", value: "Bearer header-secret-2" }] });
    await viaToken().actions.update({ ...bot, action_id: action.id, headers: [{ name: "Authorization" }] });
    await viaToken().actions.delete({ ...bot, action_id: action.id });
    await viaSession().crm.connectHubspot({ ...bot, token: hubspot.token });
    await viaSession().crm.setHubspotMapping({ ...bot, field_mapping: { company: "company" } });
    await viaSession().crm.setHubspotMapping({ ...bot, field_mapping: { company: "company" } });
    await viaSession().crm.disconnectHubspot(bot);

    const log = (await viaToken().audit.list({ client_id: client.id, per_page: 100 })).data.reverse().filter((e) => e.action.startsWith("http_action.") || e.action.startsWith("hubspot."));
    // An edit that changes nothing (a header kept without a new value, the same mapping) writes no entry.
    expect(log.map((e) => e.action)).toEqual(["http_action.created", "http_action.updated", "http_action.updated", "http_action.deleted", "hubspot.connected", "hubspot.field_mapping_changed", "hubspot.disconnected"]);
    expect(log[0]).toMatchObject({ actor: { type: "api_token" }, target: { type: "http_action", id: action.id, name: "order_status" }, client_id: client.id, before: null, after: { name: "order_status", method: "GET", url: definition.url, headers: ["Authorization"] } });
    expect(log[1]).toMatchObject({ before: { description: "Looks up an order" }, after: { description: "Looks up an order by number" } });
    expect(log[2]).toMatchObject({ before: {}, after: { header_values_set: ["Authorization"] } });
    expect(log[3]).toMatchObject({ before: { name: "order_status", headers: ["Authorization"] }, after: null });
    expect(log[4]).toMatchObject({ actor: { type: "user" }, target: { type: "hubspot", id: "4242", name: "Actions Co" }, before: null, after: { portal_id: "4242" } });
    expect(log[5]).toMatchObject({ before: { field_mapping: {} }, after: { field_mapping: { company: "company" } } });
    expect(log[6]).toMatchObject({ before: { portal_id: "4242" }, after: null });
    expect(JSON.stringify(log)).not.toMatch(/header-secret|pat-na1/);
  });

  it("commits a change only with its audit entry, on the dashboard as over REST: an entry the database refuses rolls the change back", async () => {
    const { client } = await viaSession().agencyClients.create({ name: "refuse-audit Pausable", message_limit: 50 });
    const pool = poolOf(db);
    // The audit row of anything named "refuse-audit…" fails after the change has been written.
    await pool.query(`CREATE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF position('refuse-audit' in coalesce(NEW.target_name, '')) > 0 THEN RAISE EXCEPTION 'audit row refused'; END IF; RETURN NEW; END $$`);
    await pool.query("CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_refuse_audit()");
    try {
      const refused = (call: Promise<unknown>) => expect(call).rejects.toThrow();
      await refused(viaSession().agencyClients.pause({ client_id: client.id, mode: "hard" }));
      await refused(viaToken().agencyClients.pause({ client_id: client.id, mode: "hard" }));
      await refused(viaSession().agencyClients.topUp({ client_id: client.id, amount: 7 }));
      await refused(viaSession().agencyClients.update({ client_id: client.id, message_limit: 999 }));
      await refused(viaSession().lifecycle.setLowCreditThreshold({ client_id: client.id, threshold: 3 }));
      await refused(viaSession().lifecycle.archiveClient({ client_id: client.id }));
      await refused(viaSession().agencyClients.create({ name: "refuse-audit New Co" }));
      await refused(viaSession().agencyClients.invite({ client_id: client.id, email: "refuse-audit@audited.example", role: "member" }));
      await refused(viaSession().apiTokens.create({ name: "refuse-audit token" }));
      await refused(viaSession().agencyWebhooks.create({ url: "https://refuse-audit.example/hook", events: null }));

      const team = await db.team.findUniqueOrThrow({ where: { id: client.id } });
      expect(team).toMatchObject({ status: "active", pauseMode: null, messageLimit: 50, topupCredits: 0, lowCreditThreshold: null, archivedAt: null });
      expect(await db.team.count({ where: { name: "refuse-audit New Co" } })).toBe(0);
      expect(await db.invitation.count({ where: { email: "refuse-audit@audited.example" } })).toBe(0);
      expect(await db.apiToken.count({ where: { name: "refuse-audit token" } })).toBe(0);
      expect(await db.webhook.count({ where: { url: "https://refuse-audit.example/hook" } })).toBe(0);
    } finally {
      await pool.query("DROP TRIGGER test_refuse_audit ON audit_log");
      await pool.query("DROP FUNCTION test_refuse_audit()");
    }
  });
});
