import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/kernel/db/client";
import { onCleanup } from "../helpers/cleanup";
import { createTestDatabase } from "../helpers/db";
import { agencyOwner, clientWorkspace, teamMember } from "../helpers/fixtures";
import { startHubspotStub, type HubspotStub } from "../helpers/hubspot-server";
import { startAppServer } from "../helpers/server";

/**
 * A workspace's HubSpot connection over REST (docs/decisions/082-crm-rest-and-audit.md):
 * `/v1/agency/clients/{client_id}/crm` through the REST bridge, against the production build and a local
 * HubSpot speaking its documented API, mounted under a path (as behind a proxy): HUBSPOT_API_BASE_URL keeps it.
 */
let base: string;
let db: Db;
let hubspot: HubspotStub;
let owner: Awaited<ReturnType<typeof agencyOwner>>;
let member: Awaited<ReturnType<typeof teamMember>>;
let clientId: string;

beforeAll(async () => {
  hubspot = await startHubspotStub(undefined, "/hubspot");
  onCleanup(hubspot.stop);
  const created = await createTestDatabase();
  db = created.db;
  owner = await agencyOwner(db);
  const workspace = await clientWorkspace(db, owner.agency, "Leads Co");
  await db.team.update({ where: { id: workspace.id }, data: { enabledIntegrations: ["crm_1"] } });
  clientId = workspace.id;
  member = await teamMember(db, workspace.id, "admin");
  base = (await startAppServer(created.url, { HUBSPOT_API_BASE_URL: hubspot.baseUrl })).baseUrl;
}, 180_000);

const call = async (method: string, path: string, token: string, body?: unknown) => {
  const res = await fetch(`${base}${path}`, { method, headers: { Authorization: `Bearer ${token}`, Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, text, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
};

describe("/v1/agency/clients/{client_id}/crm", () => {
  it("connects with a token HubSpot accepts, maps fields, reads, and disconnects; the token never comes back", async () => {
    const path = `/v1/agency/clients/${clientId}/crm`;
    expect(await call("GET", path, owner.token)).toMatchObject({ status: 200, body: { hubspot: { enabled: true, connected: false, portal_id: null, field_mapping: {} } } });

    const refused = await call("PUT", path, owner.token, { token: "pat-wrong" });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ errors: { token: [expect.stringContaining("Authentication credentials not found")] } });

    const connected = await call("PUT", path, owner.token, { token: hubspot.token, field_mapping: { company: "company" } });
    expect(connected).toMatchObject({ status: 200, body: { hubspot: { connected: true, portal_id: String(hubspot.portalId), field_mapping: { company: "company" } } } });
    expect(connected.text).not.toContain(hubspot.token);
    const read = await call("GET", path, owner.token);
    expect(read.body).toEqual(connected.body);
    expect(read.text).not.toContain(hubspot.token);

    expect((await call("PUT", path, owner.token, { field_mapping: { plan: "hs_plan" } })).body).toMatchObject({ hubspot: { connected: true, field_mapping: { plan: "hs_plan" } } });
    expect((await call("DELETE", path, owner.token)).status).toBe(204);
    expect((await call("GET", path, owner.token)).body).toMatchObject({ hubspot: { connected: false, portal_id: null } });
    expect(await db.hubspotConnection.count({ where: { teamId: clientId } })).toBe(0);
  });

  it("reports HubSpot's errors as what they are: its 404 a 502 naming it, its 500 a 503 to retry; nothing is stored", async () => {
    const path = `/v1/agency/clients/${clientId}/crm`;
    hubspot.failNext({ status: 404 });
    const missing = await call("PUT", path, owner.token, { token: hubspot.token });
    expect(missing).toMatchObject({ status: 502, body: { message: "HubSpot answered 404 while verifying the token: Object not found." } });
    hubspot.failNext({ status: 500 });
    const failing = await fetch(`${base}${path}`, { method: "PUT", headers: { Authorization: `Bearer ${owner.token}`, "Content-Type": "application/json" }, body: JSON.stringify({ token: hubspot.token }) });
    expect(failing.status).toBe(503);
    expect(failing.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await db.hubspotConnection.count({ where: { teamId: clientId } })).toBe(0);
  });

  it("answers 422 for an empty or malformed body, and 403/404 outside the agency owner", async () => {
    const path = `/v1/agency/clients/${clientId}/crm`;
    expect((await call("PUT", path, owner.token, {})).status).toBe(422);
    expect((await call("PUT", path, owner.token, { field_mapping: { "Bad Key": "x" } })).status).toBe(422);
    expect((await call("PUT", path, owner.token, { token: 42 })).status).toBe(422);
    // Mapping before connecting is refused with a clear message, not a 500.
    const early = await call("PUT", path, owner.token, { field_mapping: { company: "company" } });
    expect(early.status).toBeGreaterThanOrEqual(400);
    expect(early.status).toBeLessThan(500);
    expect(early.body).toMatchObject({ message: "Connect HubSpot before mapping fields." });
    // A workspace admin is not the agency's owner: the agency routes are not theirs.
    expect((await call("GET", path, member.token)).status).toBe(403);
    expect((await call("GET", `/v1/agency/clients/00000000-0000-4000-8000-000000000000/crm`, owner.token)).status).toBe(404);
  });

  it("is documented in the OpenAPI document", async () => {
    const doc = (await (await fetch(`${base}/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } };
    expect(Object.keys(doc.paths["/v1/agency/clients/{client_id}/crm"]!).sort()).toEqual(["delete", "get", "put"]);
    expect(doc.components.schemas.WorkspaceCrm).toBeDefined();
    expect(JSON.stringify(doc.components.schemas.WorkspaceCrm)).not.toContain("\"token\"");
  });
});
